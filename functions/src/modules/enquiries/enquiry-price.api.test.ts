import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Enquiry } from '../../model/enquiry.js';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createCompany, createUser, createWorld, disposeClients, type TestUser } from '../../testing/fixtures.js';
import { enquiryInput, storeEnquiry } from './enquiries-fixtures.js';

/**
 * The enquiry's target price (spec 01 §3 `price`; issue 32 point 10) over HTTP: optional, saved and read back on
 * create, update and copy, refused with the field's German message, and only the customer's to set.
 */
let customer: TestUser;
let supplier: TestUser;
let other: TestUser;
beforeAll(async () => {
  await resetAll();
  const w = await createWorld();
  customer = w.users.customerAdmin;
  supplier = w.users.supplierUser;
  other = await createUser(await createCompany('CUSTOMER', { name: 'Fremdkunde Preis AG' }));
});
afterAll(disposeClients);

const common = JSON.parse(
  readFileSync(new URL('../../../../web/public/locales/de/common.json', import.meta.url), 'utf8'),
) as { validation: Record<string, string> };
const read = async (id: string, token = customer.token) => (await get('/enquiry/', { token, query: { id } })).body;
const create = async (body: unknown) => {
  const res = await post('/enquiry/', { token: customer.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Enquiry;
};

describe('the enquiry target price', () => {
  it('is saved on create, read back, changed and removed by update, and kept by a copy', async () => {
    const e = await create(enquiryInput({ price: 12345.67 }));
    expect(e.price).toBe(12345.67);
    expect((await read(e.id)).price).toBe(12345.67);

    const { id: _id, ...fields } = e;
    const updated = await post('/enquiry/update', { token: customer.token, body: { ...fields, id: e.id, price: 0 } });
    expect(updated.status).toBe(200);
    expect((await read(e.id)).price).toBe(0);
    expect(updated.body.changeEntries.at(-1)).toMatchObject({ action: 'update', fields: ['price'] });

    const copy = await post('/enquiry/copy', { token: customer.token, query: { id: e.id } });
    expect(copy.status).toBe(201);
    expect((await read(copy.body.id)).price).toBe(0);

    const { price: _price, ...withoutPrice } = { ...fields, id: e.id, price: 0 };
    expect((await post('/enquiry/update', { token: customer.token, body: withoutPrice })).status).toBe(200);
    expect(await read(e.id)).not.toHaveProperty('price');
  });

  it('is optional: an enquiry without one has none', async () => {
    const e = await create(enquiryInput());
    expect(await read(e.id)).not.toHaveProperty('price');
  });

  it('refuses a negative price, fractions of a cent and text with 400 and the field German message', async () => {
    const cases: Array<[unknown, string]> = [
      [-0.01, 'validation.min'],
      [10.005, 'validation.decimals'],
      ['12,50', 'validation.type'],
      [null, 'validation.type'],
    ];
    for (const [price, key] of cases) {
      const res = await post('/enquiry/', { token: customer.token, body: enquiryInput({ price: price as number }) });
      expect(res.status, String(price)).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(res.body.details).toEqual([{ path: 'price', key }]);
      expect(common.validation[key.slice('validation.'.length)]).toMatch(/\S/);
    }
    expect(common.validation.decimals).toBe('Höchstens zwei Nachkommastellen (Cent).');
    const e = await create(enquiryInput({ price: 5 }));
    const { id: _id, ...fields } = e;
    const res = await post('/enquiry/update', { token: customer.token, body: { ...fields, id: e.id, price: 1.001 } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'price', key: 'validation.decimals' }]);
    expect((await read(e.id)).price).toBe(5);
  });

  it('is set only by the enquiry customer: suppliers 403, another customer 404; a supplier reads it once released', async () => {
    expect((await post('/enquiry/', { token: supplier.token, body: enquiryInput({ price: 10 }) })).status).toBe(403);
    const e = await create(enquiryInput({ price: 800 }));
    const { id: _id, ...fields } = e;
    const foreign = await post('/enquiry/update', { token: other.token, body: { ...fields, id: e.id, price: 1 } });
    expect(foreign.status).toBe(404);
    expect((await read(e.id)).price).toBe(800);

    const released = await storeEnquiry(customer, { released: true, price: 950.5 });
    const seen = await get('/enquiry/', { token: supplier.token, query: { id: released.id } });
    expect(seen.status).toBe(200);
    expect(seen.body.price).toBe(950.5);
    const bySupplier = await post('/enquiry/update', {
      token: supplier.token,
      body: { ...enquiryInput({ price: 1 }), id: released.id },
    });
    expect(bySupplier.status).toBe(403);
    expect((await read(released.id)).price).toBe(950.5);
  });
});
