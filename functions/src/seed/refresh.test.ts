import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompaniesRepository } from '../modules/companies/companies.repository.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { refreshDerivedFields } from './seed.js';

/** Data written before the list pages existed gets its query-only fields on the next start. */
let env: TestEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(() => env?.close());

describe('refreshDerivedFields', () => {
  it('adds search tokens, sort keys, the stored company name and null sort fields to older documents', async () => {
    const db = env.db as unknown as Firestore;
    await db
      .collection('companies')
      .doc('c1')
      .set({
        name: 'Müller Maschinenbau GmbH',
        type: 'SUPPLIER',
        active: true,
        pendingRegistration: false,
        address: { street: 'S', houseNo: '1', zip: '73037', city: 'Göppingen' },
      });
    await db.collection('users').doc('u1').set({
      name: 'Petra',
      lastname: 'Müller',
      mail: 'petra@mueller.de',
      phoneNumber: '1',
      admin: true,
      companyId: 'c1',
      permissions: [],
      passwordChangeNeeded: false,
      loginCounter: 1,
    });
    const users = new UsersRepository(db);
    const companies = new CompaniesRepository(db);
    const query = { column: 'lastLoginAt', sortDescending: false, page: 0, paginationSize: 15 } as const;
    expect((await users.page({ ...query, search: 'mueller' })).totalElements).toBe(0);

    await refreshDerivedFields(db);
    await refreshDerivedFields(db); // idempotent

    const page = await users.page({ ...query, search: 'mueller masch' });
    expect(page).toEqual({
      totalElements: 1,
      content: [
        expect.objectContaining({
          id: 'u1',
          company: { id: 'c1', name: 'Müller Maschinenbau GmbH', type: 'SUPPLIER' },
        }),
      ],
    });
    const byNumber = await companies.page({
      column: 'customerNumber',
      sortDescending: false,
      page: 0,
      paginationSize: 15,
      search: 'goepp',
    });
    expect(byNumber.content.map((c) => c.id)).toEqual(['c1']);
    expect((await db.collection('users').doc('u1').get()).data()).toMatchObject({
      lastnameSort: 'muller',
      companyName: 'Müller Maschinenbau GmbH',
      lastLoginAt: null,
    });
  });
});
