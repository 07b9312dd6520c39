import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createCompany, createUser, disposeClients } from '../../testing/fixtures.js';

beforeAll(resetAll);
afterAll(disposeClients);

describe('GET /legal/avv', () => {
  it('downloads the AVV as PDF filled with the caller’s company', async () => {
    const company = await createCompany('CUSTOMER', { name: 'Größer & Söhne Schaltschrankbau GmbH' });
    const u = await createUser(company);
    const res = await get('/legal/avv', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="AVV-Groesser-Soehne-Schaltschrankbau-GmbH.pdf"',
    );
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(res.bytes);
    expect(doc.getTitle()).toBe('Auftragsverarbeitungsvertrag – Größer & Söhne Schaltschrankbau GmbH');
    expect(doc.getAuthor()).toBe('Schrankwerk GmbH');
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it('is refused to EXTERNAL users and anonymous callers', async () => {
    const external = await createUser(await createCompany('EXTERNAL'));
    expect((await get('/legal/avv', { token: external.token })).status).toBe(403);
    expect((await get('/legal/avv')).status).toBe(401);
  });
});
