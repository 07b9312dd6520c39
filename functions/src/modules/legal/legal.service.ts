import type { Principal } from '../../model/user.js';
import { renderAvvPdf } from './avv.pdf.js';
import { spellOutUmlauts } from '../../model/text.js';

/** Legal documents generated for the caller's company. */
export class LegalService {
  constructor(private readonly now: () => Date) {}

  async avv(principal: Principal): Promise<{ filename: string; bytes: Uint8Array }> {
    const bytes = await renderAvvPdf({ company: principal.company, date: this.now() });
    return { filename: avvFilename(principal.company.name), bytes };
  }
}

/** `AVV-<company>.pdf`, restricted to a header-safe ASCII file name. */
export function avvFilename(companyName: string): string {
  const ascii = spellOutUmlauts(companyName)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  return `AVV-${ascii || 'Firma'}.pdf`;
}
