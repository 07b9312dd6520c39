import { expect } from 'vitest';
import { AVB_VERSION, avbConsentNeeded, PRIVACY_VERSION, type Consent } from '../../model/consent.js';
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
  {
    name: "the demo users accepted the versions in force; the customer's administrator an older AVB (asked again)",
    async run() {
      const token = await signIn('admin@schrankwerk.de', DEMO_PASSWORD);
      const companies = (await get('/company/all', { token })).body as Array<{ id: string; name: string }>;
      const mueller = companies.find((c) => c.name === 'Müller Maschinenbau GmbH')!;
      const consents = await get('/user/consents', { token, query: { companyId: mueller.id, paginationSize: '30' } });
      const rows = (consents.body.content as Consent[]).map((c) => [c.mail, c.document, c.version]).sort();
      expect(rows).toEqual([
        ['kunde.admin@mueller-maschinenbau.de', 'avb', '2023-01-16'],
        ['kunde.admin@mueller-maschinenbau.de', 'privacy', PRIVACY_VERSION],
        ['kunde@mueller-maschinenbau.de', 'avb', AVB_VERSION],
        ['kunde@mueller-maschinenbau.de', 'privacy', PRIVACY_VERSION],
      ]);
      const me = async (mail: string) => {
        const own = await signIn(mail, DEMO_PASSWORD);
        const uid = (await admin().auth.getUserByEmail(mail)).uid;
        return (await get('/user/', { token: own, query: { id: uid } })).body;
      };
      const petra = await me('kunde.admin@mueller-maschinenbau.de');
      expect(avbConsentNeeded(petra, petra.company.type)).toBe(true);
      const stefan = await me('kunde@mueller-maschinenbau.de');
      expect(avbConsentNeeded(stefan, stefan.company.type)).toBe(false);
      // the pending registrant's agreements come from his registration
      const pending = await me('neu@neu-automation.de');
      expect(pending.acceptedTerms).toMatchObject({
        avb: { version: AVB_VERSION },
        privacy: { version: PRIVACY_VERSION },
      });
    },
  },
];
