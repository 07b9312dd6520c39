import type { AddressInfo } from 'node:net';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { createApp } from '../app.js';
import type { Company } from '../model/company.js';
import type { User } from '../model/user.js';
import { createModules } from '../modules.js';
import { CompaniesRepository } from '../modules/companies/companies.repository.js';
import { EnquiriesRepository } from '../modules/enquiries/enquiries.repository.js';
import { newDraft } from '../modules/enquiries/enquiry-record.js';
import { newOffer } from '../modules/offers/offer-record.js';
import { OffersRepository } from '../modules/offers/offers.repository.js';
import { JOB_CONDITION_DEFAULTS } from '../model/job-conditions.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { TEST_CONFIG } from './config.js';
import { countReads, type ReadCounter } from './read-counter.js';

/**
 * Firestore document reads per request (docs/performance.md "Firestore reads per request"): the real app
 * on our Firestore emulator, the token verifier stubbed (token = uid), reads counted in the client library.
 * A CUSTOMER company with its admin and 11 users; the calls are made by that company admin.
 */
let env: TestEnv;
let base: string;
let close: () => void;
let counter: ReadCounter;
const company: Company = {
  id: 'cust',
  name: 'Müller Maschinenbau GmbH',
  type: 'CUSTOMER',
  customerNumber: 'K-1',
  active: true,
  pendingRegistration: false,
  address: { street: 'S', houseNo: '1', zip: '1', city: 'C' },
};
const person = (id: string, admin = false): User => ({
  id,
  name: 'Max',
  lastname: `Muster ${id}`,
  mail: `${id}@mueller.de`,
  phoneNumber: '1',
  admin,
  companyId: 'cust',
  permissions: [],
  passwordChangeNeeded: false,
  loginCounter: 1,
});

async function seed(db: Firestore) {
  const users = new UsersRepository(db);
  await db.runTransaction(async (tx) => {
    new CompaniesRepository(db).createInTx(tx, company);
    users.createInTx(tx, { ...person('boss', true), company }, new Date());
    for (let i = 0; i < 11; i++) users.createInTx(tx, { ...person(`u${i}`), company }, new Date());
  });
  // 6 enquiries of the company (e0 … e5)
  const enquiryInput = {
    ...JOB_CONDITION_DEFAULTS,
    referenceNumber: 'R-1',
    deliveryCondition: 'EXW' as const,
    desiredDeliveryDate: '2027-01-31',
    amount: 1,
  };
  const boss = { uid: 'boss', user: person('boss', true), company };
  await new EnquiriesRepository(db).createMany(
    Array.from({ length: 6 }, (_, i) =>
      newDraft(boss, `e${i}`, { ...enquiryInput, title: `Schaltschrank ${i}` }, new Date(), 'create'),
    ),
  );
}

beforeAll(async () => {
  env = await startEnv();
  const db = env.db as unknown as Firestore;
  await seed(db);
  const fbApp =
    getApps().find((a) => a.name === 'unit-reads') ?? initializeApp({ projectId: 'demo-test' }, 'unit-reads');
  const built = createModules({
    db,
    auth: getAuth(fbApp),
    config: TEST_CONFIG,
    verifier: { verifyIdToken: async (token) => ({ uid: token }) },
  });
  const server = createApp(built).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
  counter = countReads();
});
afterAll(async () => {
  counter?.restore();
  close?.();
  await env?.close();
});

async function reads(method: string, path: string, body?: unknown): Promise<number> {
  counter.reset();
  const res = await fetch(base + path, {
    method,
    headers: { authorization: 'Bearer boss', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return counter.reads;
}

describe('Firestore reads per request', () => {
  it('counts what each representative call reads (2 of them are authenticate: user + company)', async () => {
    const result = {
      'POST /user/update': await reads('POST', '/user/update', {
        id: 'u1',
        name: 'Max',
        lastname: 'Neu',
        mail: 'u1@mueller.de',
        phoneNumber: '2',
      }),
      'GET /user/?id=': await reads('GET', '/user/?id=u2'),
      'GET /user/all': await reads('GET', '/user/all'),
      'GET /user/filter (page of 5)': await reads('GET', '/user/filter?paginationSize=5'),
      'GET /enquiry/?id=': await reads('GET', '/enquiry/?id=e1'),
      'GET /enquiry/filter (page of 5)': await reads('GET', '/enquiry/filter?paginationSize=5&title=schaltschrank'),
    };
    console.info('reads per request', result);
    expect(result).toEqual({
      'POST /user/update': 4, // authenticate 2 + user and company in the transaction
      'GET /user/?id=': 3, // authenticate 2 + the user (its company is the caller's, already loaded)
      'GET /user/all': 2 + 12, // authenticate 2 + 12 users (company names are stored on them)
      'GET /user/filter (page of 5)': 2 + 5 + 1, // authenticate 2 + the page + count()
      'GET /enquiry/?id=': 3, // authenticate 2 + the enquiry
      'GET /enquiry/filter (page of 5)': 2 + 5 + 1, // authenticate 2 + the page (list fields only) + count()
    });
  });

  it('counts the offer calls of the customer (6 released offers on its enquiry e1)', async () => {
    const db = env.db as unknown as Firestore;
    const enquiry = (await new EnquiriesRepository(db).get('e1'))!;
    const supplier = { uid: 'sup-user', company: { ...company, id: 'sup', name: 'Weber', type: 'SUPPLIER' as const } };
    const input = {
      ...JOB_CONDITION_DEFAULTS,
      referenceNumber: 'R-1',
      deliveryCondition: 'EXW' as const,
      desiredDeliveryDate: '2027-01-31',
      amount: 1,
      price: 100,
    };
    await new OffersRepository(db).createMany(
      Array.from({ length: 6 }, (_, i) => ({
        ...newOffer(supplier, `o${i}`, enquiry, { ...input, offerNumber: `A-${i}` }, new Date()),
        released: true,
        releaseDate: new Date(),
      })),
    );
    const result = {
      'GET /offer/?id=': await reads('GET', '/offer/?id=o1'),
      'GET /offer/filter (page of 5)': await reads('GET', '/offer/filter?paginationSize=5&states=OPEN,DECLINED'),
    };
    console.info('reads per request', result);
    expect(result).toEqual({
      'GET /offer/?id=': 4, // authenticate 2 + the offer + its enquiry (the outdated marker)
      'GET /offer/filter (page of 5)': 2 + 5 + 1, // authenticate 2 + the page (list fields only) + count()
    });
  });
});
