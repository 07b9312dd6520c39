import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD, seedIfEmpty } from '../../../emulators/seed/seed.js';
import { get } from './api-client.js';
import { resetAll } from './emulator-reset.js';
import { admin, disposeClients, signIn } from './fixtures.js';

beforeAll(resetAll);
// leaves the demo data in place (later files reset what they need)
afterAll(disposeClients);

describe('seed', () => {
  it('loads the demo data once, and every demo login works as documented', async () => {
    expect(await seedIfEmpty()).toBe(true);
    expect(await seedIfEmpty()).toBe(false);
    expect(DEMO_LOGINS.map((l) => l.mail)).toEqual([
      'admin@schrankwerk.de',
      'mitarbeiter@schrankwerk.de',
      'kunde.admin@mueller-maschinenbau.de',
      'kunde@mueller-maschinenbau.de',
      'lieferant.admin@weber-schaltanlagen.de',
      'lieferant@weber-schaltanlagen.de',
      'neu@neu-automation.de',
    ]);
    const tokens = Object.fromEntries(
      await Promise.all(DEMO_LOGINS.map(async (l) => [l.mail, await signIn(l.mail, DEMO_PASSWORD)] as const)),
    );

    const users = await get('/user/all', { token: tokens['admin@schrankwerk.de'] });
    expect(users.status).toBe(200);
    expect(users.body).toHaveLength(7);
    const companies = await get('/company/all', { token: tokens['mitarbeiter@schrankwerk.de'] });
    const byName = Object.fromEntries(companies.body.map((c: { name: string }) => [c.name, c]));
    expect(byName['Schrankwerk GmbH']).toMatchObject({ type: 'ADMIN', active: true, pendingRegistration: false });
    expect(byName['Müller Maschinenbau GmbH']).toMatchObject({
      type: 'CUSTOMER',
      customerNumber: 'K-10001',
      pendingRegistration: false,
    });
    expect(byName['Elektro Schaltanlagen Weber GmbH']).toMatchObject({ type: 'SUPPLIER', pendingRegistration: false });
    expect(byName['Neu Automation GmbH']).toMatchObject({ type: 'CUSTOMER', active: true, pendingRegistration: true });

    expect((await get('/user/all', { token: tokens['kunde.admin@mueller-maschinenbau.de'] })).body).toHaveLength(2);
    expect((await get('/user/all', { token: tokens['kunde@mueller-maschinenbau.de'] })).status).toBe(403);
    expect((await get('/user/all', { token: tokens['lieferant.admin@weber-schaltanlagen.de'] })).body).toHaveLength(2);
    expect((await get('/user/all', { token: tokens['neu@neu-automation.de'] })).body.code).toBe('registrationPending');
    const stored = await admin().db.collection('users').where('mail', '==', 'admin@schrankwerk.de').get();
    expect(stored.docs[0]!.data()).toMatchObject({ admin: true, passwordChangeNeeded: false, loginCounter: 1 });
  });
});
