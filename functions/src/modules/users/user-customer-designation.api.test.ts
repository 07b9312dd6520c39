import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../testing/api-client.js';
import { resetAll } from '../../testing/emulator-reset.js';
import { createUser, createWorld, disposeClients, uniqueMail, type World } from '../../testing/fixtures.js';

/**
 * The user's customerDesignation (spec 01 §3; issue 32 point 10) over HTTP: optional, set by the user's managers
 * on create and update and read back by whoever may read the user; the user himself cannot set it; refused with
 * the field's German message.
 */
let w: World;
beforeAll(async () => {
  await resetAll();
  w = await createWorld();
});
afterAll(disposeClients);

const common = JSON.parse(
  readFileSync(new URL('../../../../web/public/locales/de/common.json', import.meta.url), 'utf8'),
) as { validation: Record<string, string>; user: Record<string, string> };
const form = (mail: string, extra: Record<string, unknown> = {}) => ({
  name: 'Tom',
  lastname: 'Neu',
  mail,
  phoneNumber: '0711-1',
  admin: false,
  ...extra,
});
const read = async (id: string, token = w.users.platformAdmin.token) =>
  (await get('/user/', { token, query: { id } })).body;

describe('the user customerDesignation', () => {
  it('a platform admin sets it on create; it is read back by the user and his managers', async () => {
    const res = await post('/user/', {
      token: w.users.platformAdmin.token,
      body: form(uniqueMail('desig'), {
        companyId: w.companies.CUSTOMER.id,
        customerDesignation: '  Einkauf Halle 4 ',
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.customerDesignation).toBe('Einkauf Halle 4');
    expect((await read(res.body.id)).customerDesignation).toBe('Einkauf Halle 4');
    expect((await read(res.body.id, w.users.customerAdmin.token)).customerDesignation).toBe('Einkauf Halle 4');
    expect(common.user.customerDesignation).toBe('Kundenbezeichnung');
  });

  it('a company admin changes and removes it on his company user; without one there is none', async () => {
    const u = await createUser(w.companies.CUSTOMER);
    expect(await read(u.user.id)).not.toHaveProperty('customerDesignation');
    const body = { ...form(u.mail), id: u.user.id };
    const set = await post('/user/update', {
      token: w.users.customerAdmin.token,
      body: { ...body, customerDesignation: 'Projektleitung' },
    });
    expect(set.status).toBe(200);
    expect((await read(u.user.id)).customerDesignation).toBe('Projektleitung');
    const cleared = await post('/user/update', {
      token: w.users.customerAdmin.token,
      body: { ...body, customerDesignation: '' },
    });
    expect(cleared.status).toBe(200);
    expect(await read(u.user.id)).not.toHaveProperty('customerDesignation');
  });

  it('the user himself cannot set it (ignored like the admin flag); other companies admins get 403', async () => {
    const u = await createUser(w.companies.CUSTOMER);
    await post('/user/update', {
      token: w.users.customerAdmin.token,
      body: { ...form(u.mail), id: u.user.id, customerDesignation: 'Vom Administrator' },
    });
    const self = await post('/user/update', {
      token: u.token,
      body: { ...form(u.mail), id: u.user.id, customerDesignation: 'Selbst gewählt' },
    });
    expect(self.status).toBe(200);
    expect(self.body.customerDesignation).toBe('Vom Administrator');
    const foreign = await post('/user/update', {
      token: w.users.supplierAdmin.token,
      body: { ...form(u.mail), id: u.user.id, customerDesignation: 'Fremd' },
    });
    expect(foreign.status).toBe(403);
    const created = await post('/user/', {
      token: w.users.customerUser.token,
      body: form(uniqueMail('nomgr'), { customerDesignation: 'X' }),
    });
    expect(created.status).toBe(403);
    expect((await read(u.user.id)).customerDesignation).toBe('Vom Administrator');
  });

  it('refuses more than 100 characters, control characters and non-strings with 400 and the German message', async () => {
    // a text field answers a non-string at the empty path (docs/api.md "Validation")
    const cases: Array<[unknown, string, string]> = [
      ['x'.repeat(101), 'validation.maxLength', 'customerDesignation'],
      ['Einkauf\u202eHalle', 'validation.controlCharacters', 'customerDesignation'],
      [42, 'validation.type', ''],
    ];
    for (const [customerDesignation, key, path] of cases) {
      const res = await post('/user/', {
        token: w.users.customerAdmin.token,
        body: form(uniqueMail('bad'), { customerDesignation }),
      });
      expect(res.status, String(customerDesignation)).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(res.body.details).toEqual([{ path, key }]);
      expect(common.validation[key.slice('validation.'.length)]).toMatch(/\S/);
    }
    const u = await createUser(w.companies.CUSTOMER);
    const res = await post('/user/update', {
      token: w.users.customerAdmin.token,
      body: { ...form(u.mail), id: u.user.id, customerDesignation: 'x'.repeat(101) },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ path: 'customerDesignation', key: 'validation.maxLength' }]);
  });
});
