import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../testing/api-client.js';
import { resetAll } from '../testing/emulator-reset.js';
import { createWorld, disposeClients, type World } from '../testing/fixtures.js';

let w: World;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
});
afterAll(disposeClients);

const type = { code: 'validation', details: [{ path: '', key: 'validation.type' }] };
const repeated = (path: string) => ({ code: 'validation', details: [{ path, key: 'validation.type' }] });

describe('values of the wrong type answer 400, never 500', () => {
  it('query arrays and bracket keys', async () => {
    // simple query parser: `mail[]` is just an unknown key, so the mail is missing
    const brackets = await get('/user/password/reset?mail[]=a@b.de');
    expect(brackets.status).toBe(400);
    expect(brackets.body).toMatchObject({
      code: 'validation',
      details: [{ path: 'mail', key: 'validation.required' }],
    });
    // a value sent twice is refused by name (issue 18: never silently the first one)
    const twice = await get('/user/password/reset?mail=a@b.de&mail=c@d.de');
    expect(twice).toMatchObject({ status: 400, body: repeated('mail') });
    const ids = await get('/user/?id=a&id=b', { token: w.token('platformAdmin') });
    expect(ids).toMatchObject({ status: 400, body: repeated('id') });
  });

  it('an array where the body expects a string', async () => {
    const res = await post('/user/register', {
      body: {
        user: { name: ['x'], lastname: 'L', phoneNumber: '1', mail: 'typ@test.schrankwerk.de', password: 'geheim123' },
        company: { name: 'F', address: { street: 'S', houseNo: '1', zip: '1', city: 'C' } },
        avbAccepted: true,
        privacyAccepted: true,
      },
    });
    expect(res).toMatchObject({ status: 400, body: type });
  });
});

describe('malformed ids answer 400 validation.id before any lookup', () => {
  it.each(['a/b', '__x__'])('%s in query and body, for every manager kind', async (id) => {
    for (const kind of ['platformAdmin', 'customerAdmin', 'adminUser'] as const) {
      const token = w.token(kind);
      const read = await get('/user/', { token, query: { id } });
      expect([kind, read.status, read.body.details]).toEqual([kind, 400, [{ path: 'id', key: 'validation.id' }]]);
    }
    const token = w.token('platformAdmin');
    const del = await post('/user/delete', { token, query: { userId: id } });
    expect(del).toMatchObject({
      status: 400,
      body: { code: 'validation', details: [{ path: 'userId', key: 'validation.id' }] },
    });
    const upd = await post('/user/update', {
      token,
      body: { id, name: 'N', lastname: 'L', mail: 'n@test.schrankwerk.de', phoneNumber: '1' },
    });
    expect(upd).toMatchObject({
      status: 400,
      body: { code: 'validation', details: [{ path: 'id', key: 'validation.id' }] },
    });
    const company = await get('/company/', { token, query: { id } });
    expect(company).toMatchObject({ status: 400, body: { code: 'validation' } });
    const list = await get('/user/company', { token, query: { companyId: id } });
    expect(list).toMatchObject({ status: 400, body: { code: 'validation' } });
    const create = await post('/user/', {
      token,
      body: { name: 'N', lastname: 'L', mail: 'n@test.schrankwerk.de', phoneNumber: '1', companyId: id },
    });
    expect(create).toMatchObject({
      status: 400,
      body: { code: 'validation', details: [{ path: 'companyId', key: 'validation.id' }] },
    });
  });
});
