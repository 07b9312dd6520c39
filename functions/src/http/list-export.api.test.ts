import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../testing/api-client.js';
import { resetAll } from '../testing/emulator-reset.js';
import { storeEnquiry } from '../modules/enquiries/enquiries-fixtures.js';
import { createWorld, disposeClients, type World } from '../testing/fixtures.js';

/** The list exports (issue 19): every row the filters match, streamed as CSV, columns and texts from the web. */
let w: World;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
  const customer = w.users.customerAdmin;
  // more rows than the largest page (30), one of them a formula a spreadsheet would run
  for (let i = 0; i < 34; i++) await storeEnquiry(customer, { title: `Exportschrank ${String(i).padStart(2, '0')}` });
  await storeEnquiry(customer, { title: '=HYPERLINK("http://evil")', released: true });
  await storeEnquiry(customer, { title: 'Anderer Schrank' });
});
afterAll(disposeClients);

const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('";"'));

describe('POST /enquiry/export', () => {
  it('answers every matching row (beyond one page) with the web’s headers and code texts, formulas neutralised', async () => {
    const res = await post('/enquiry/export', {
      token: w.users.customerUser.token,
      body: {
        fileName: 'Anfragen',
        query: { title: 'exportschrank', column: 'title' },
        columns: [
          { key: 'title', label: 'Titel' },
          { key: 'status', label: 'Status', values: { default: 'Entwurf', released: 'Freigegeben' } },
          { key: 'desiredDeliveryDate', label: 'Wunschliefertermin' },
          { key: 'amount', label: 'Menge' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('Anfragen.csv');
    const text = res.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF"Titel";"Status";"Wunschliefertermin";"Menge"\r\n')).toBe(true);
    const rows = csvRows(text);
    expect(rows).toHaveLength(1 + 34);
    expect(rows[1]).toEqual(['Exportschrank 00', 'Entwurf', '15.03.2027', '2']);
    expect(rows.at(-1)![0]).toBe('Exportschrank 33');
    expect(rows.map((r) => r[0])).not.toContain('Anderer Schrank');
    // without a filter: all 36; a cell a spreadsheet would run starts with an apostrophe
    const all = await post('/enquiry/export', {
      token: w.users.customerUser.token,
      body: { columns: [{ key: 'title', label: 'Titel' }] },
    });
    const titles = csvRows(all.bytes.toString('utf8'))
      .slice(1)
      .map((r) => r[0]);
    expect(titles).toHaveLength(36);
    expect(titles).toContain(`'=HYPERLINK(""http://evil"")`);
  });

  it('a supplier exports the open market only; an unknown column answers 400', async () => {
    const supplier = await post('/enquiry/export', {
      token: w.users.supplierUser.token,
      body: {
        query: {},
        columns: [
          { key: 'title', label: 'Titel' },
          { key: 'customerName', label: 'Kunde' },
        ],
      },
    });
    expect(supplier.status).toBe(200);
    expect(csvRows(supplier.bytes.toString('utf8')).slice(1)).toEqual([
      [`'=HYPERLINK(""http://evil"")`, w.companies.CUSTOMER.name],
    ]);
    const unknown = await post('/enquiry/export', {
      token: w.users.customerUser.token,
      body: { columns: [{ key: 'createdBy', label: 'Autor' }] },
    });
    expect(unknown.status).toBe(400);
  });
});
