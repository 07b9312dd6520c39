import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../testing/area-seed.js';
import { get } from '../../testing/api-client.js';
import { admin, signIn } from '../../testing/fixtures.js';
import type { SeedCheck } from '../../testing/seed-checks.js';
import seed from './companies.seed.js';

/** The demo companies and their accounts (README "Demo logins"). */
export const COMPANIES_SEED_CHECKS: SeedCheck[] = [
  {
    name: 'the demo companies and their accounts, each role seeing what it should',
    async run() {
      expect((seed.logins ?? []).map((l) => l.mail)).toEqual([
        'admin@schrankwerk.de',
        'mitarbeiter@schrankwerk.de',
        'kunde.admin@mueller-maschinenbau.de',
        'kunde@mueller-maschinenbau.de',
        'lieferant.admin@weber-schaltanlagen.de',
        'lieferant@weber-schaltanlagen.de',
        'neu@neu-automation.de',
      ]);
      const token = (mail: string) => signIn(mail, DEMO_PASSWORD);
      const users = await get('/user/all', { token: await token('admin@schrankwerk.de') });
      expect(users.status).toBe(200);
      // the 8 demo logins (one of them the project folder's invitee) and the second supplier's user (SECOND_SUPPLIER)
      expect(users.body).toHaveLength(9);
      const companies = await get('/company/all', { token: await token('mitarbeiter@schrankwerk.de') });
      const byName = Object.fromEntries(companies.body.map((c: { name: string }) => [c.name, c]));
      expect(byName['Schrankwerk GmbH']).toMatchObject({ type: 'ADMIN', active: true, pendingRegistration: false });
      expect(byName['Müller Maschinenbau GmbH']).toMatchObject({
        type: 'CUSTOMER',
        customerNumber: 'K-10001',
        pendingRegistration: false,
      });
      expect(byName['Elektro Schaltanlagen Weber GmbH']).toMatchObject({
        type: 'SUPPLIER',
        pendingRegistration: false,
      });
      expect(byName['Neu Automation GmbH']).toMatchObject({
        type: 'CUSTOMER',
        active: true,
        pendingRegistration: true,
      });

      const usersOf = async (mail: string) => get('/user/all', { token: await token(mail) });
      const customerUsers = (await usersOf('kunde.admin@mueller-maschinenbau.de')).body;
      expect(customerUsers).toHaveLength(2);
      // spec 01 §3 customerDesignation: the customer's admin designates both of his users
      expect(customerUsers.map((u: { customerDesignation?: string }) => u.customerDesignation).sort()).toEqual([
        'Einkauf Elektrokonstruktion',
        'Projektleitung Sondermaschinen',
      ]);
      expect((await usersOf('kunde@mueller-maschinenbau.de')).status).toBe(403);
      expect((await usersOf('lieferant.admin@weber-schaltanlagen.de')).body).toHaveLength(2);
      expect((await usersOf('neu@neu-automation.de')).body.code).toBe('registrationPending');
      const stored = await admin().db.collection('users').where('mail', '==', 'admin@schrankwerk.de').get();
      expect(stored.docs[0]!.data()).toMatchObject({ admin: true, passwordChangeNeeded: false, loginCounter: 1 });
    },
  },
];
