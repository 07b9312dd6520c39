import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.js';

describe('attachmentDisposition (RFC 6266)', () => {
  it('ASCII fallback plus the exact UTF-8 name in filename*', () => {
    expect(attachmentDisposition('AVV unterschrieben.pdf')).toBe(
      `attachment; filename="AVV unterschrieben.pdf"; filename*=UTF-8''AVV%20unterschrieben.pdf`,
    );
    expect(attachmentDisposition('Größe – Maß.pdf')).toBe(
      `attachment; filename="Groesse _ Mass.pdf"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%20%E2%80%93%20Ma%C3%9F.pdf`,
    );
  });

  it('quotes, backslashes, semicolons and apostrophes cannot break out of the header', () => {
    const header = attachmentDisposition(`a"b\\c;d'e(f).pdf`);
    expect(header).toBe(`attachment; filename="a_b_c_d'e(f).pdf"; filename*=UTF-8''a%22b%5Cc%3Bd%27e%28f%29.pdf`);
  });
});
