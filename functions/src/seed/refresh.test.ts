import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArticlesRepository } from '../modules/catalogue/catalogue.repository.js';
import { CompaniesRepository } from '../modules/companies/companies.repository.js';
import { EnquiriesRepository } from '../modules/enquiries/enquiries.repository.js';
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

  it('rewrites enquiries and articles once when the rule of their derived fields changed (contains tokens)', async () => {
    const db = env.db as unknown as Firestore;
    const stored = { customerId: 'c9', released: false, closed: false, archived: false, createDate: new Date() };
    await db
      .collection('enquiries')
      .doc('e1')
      .set({ ...stored, title: 'Steuerschrank Halle 3', searchTokens: ['steuerschrank'] });
    await db.collection('articles').doc('a1').set({
      orderNumber: 'SR-12345',
      articleImportSource: 'MANUAL',
      createDate: new Date(),
      lastUpdate: new Date(),
    });
    await db.collection('system').doc('derivedFields').delete();
    const enquiries = new EnquiriesRepository(db);
    const query = {
      customerId: 'c9',
      column: 'createDate',
      sortDescending: true,
      page: 0,
      paginationSize: 15,
    } as const;
    expect((await enquiries.page({ ...query, title: 'schrank' })).totalElements).toBe(0);

    await refreshDerivedFields(db);

    expect((await enquiries.page({ ...query, title: 'schrank' })).content.map((e) => e.id)).toEqual(['e1']);
    const articles = await new ArticlesRepository(db).page({
      orderNumber: '345',
      sortDescending: false,
      page: 0,
      size: 15,
    });
    expect(articles.content.map((a) => a.id)).toEqual(['a1']);
    // once per rule version: a record changed afterwards behind the converters' back is not rewritten again
    await db.collection('enquiries').doc('e1').update({ searchTokens: [] });
    await refreshDerivedFields(db);
    expect((await db.collection('enquiries').doc('e1').get()).data()?.searchTokens).toEqual([]);
  });
});
