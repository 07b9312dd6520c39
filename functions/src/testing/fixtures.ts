import { COMPANIES_PORT } from '../modules/companies/companies.port.js';
import { USERS_PORT } from '../modules/users/users.port.js';
import { deleteApp as deleteClientApp, initializeApp as initializeClientApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth as getClientAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { createModules } from '../modules.js';
import { companyConverter } from '../modules/companies/companies.repository.js';
import type { Company, CompanyType } from '../model/company.js';
import { AVB_VERSION } from '../model/consent.js';
import type { User } from '../model/user.js';
import { ensureEmulatorEnv, HOSTS, PROJECT_ID } from './env.js';

ensureEmulatorEnv();

export const PASSWORD = 'Test1234!';

/** firebase-admin against the emulators (a named app, separate from anything else in the process). */
export function admin() {
  const app = getApps().find((a) => a.name === 'api-tests') ?? initializeApp({ projectId: PROJECT_ID }, 'api-tests');
  const db = getFirestore(app);
  const auth = getAuth(app);
  return { db, auth, container: createModules({ db, auth }) };
}

let clientCounter = 0;
const clientApps: FirebaseApp[] = [];

/** Signs in with the real Firebase web SDK (as the SPA does) and returns a fresh ID token. */
export async function signIn(mail: string, password = PASSWORD): Promise<string> {
  const app = initializeClientApp(
    { apiKey: 'demo-api-key', projectId: PROJECT_ID, authDomain: `${PROJECT_ID}.firebaseapp.com` },
    `client-${++clientCounter}`,
  );
  clientApps.push(app);
  const auth = getClientAuth(app);
  connectAuthEmulator(auth, `http://${HOSTS.auth}`, { disableWarnings: true });
  const credential = await signInWithEmailAndPassword(auth, mail, password);
  return credential.user.getIdToken(true);
}

export async function disposeClients(): Promise<void> {
  await Promise.all(clientApps.splice(0).map((a) => deleteClientApp(a)));
}

let seq = 0;
/** A unique, lower-case test mail. */
export function uniqueMail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}.${++seq}@test.schrankwerk.de`;
}

export async function createCompany(type: CompanyType, overrides: Partial<Company> = {}): Promise<Company> {
  const { container } = admin();
  const company = await container.ports.get(COMPANIES_PORT).companies.create(
    'test',
    {
      name: overrides.name ?? `${type} Test GmbH ${++seq}`,
      type: type as 'CUSTOMER',
      customerNumber: type === 'CUSTOMER' ? `K-${90000 + seq}` : undefined,
      address: { street: 'Teststraße', houseNo: '1', zip: '70565', city: 'Stuttgart' },
    },
    { pendingRegistration: overrides.pendingRegistration },
  );
  if (overrides.active === false || overrides.pendingRegistration) {
    const patched = { ...company, ...overrides };
    await admin().db.collection('companies').withConverter(companyConverter).doc(company.id).set(patched);
    return patched;
  }
  return company;
}

export interface TestUser {
  user: User;
  company: Company;
  mail: string;
  token: string;
}

/** A user with a known password (no change needed), signed in. */
export async function createUser(
  company: Company,
  opts: {
    admin?: boolean;
    mail?: string;
    passwordChangeNeeded?: boolean;
    signIn?: boolean;
    /** false: a customer's user without the AVB in force on record (else he has accepted them) */
    avbAccepted?: boolean;
  } = {},
): Promise<TestUser> {
  const { container, db } = admin();
  const mail = opts.mail ?? uniqueMail(company.type.toLowerCase());
  const { users, consents } = container.ports.get(USERS_PORT);
  const user = (await users.provision({
    input: { name: 'Erika', lastname: `Muster${++seq}`, mail, phoneNumber: '+49-711-123', admin: opts.admin === true },
    companyId: company.id,
    actorId: 'test',
    password: PASSWORD,
  })) as User;
  if (company.type === 'CUSTOMER' && opts.avbAccepted !== false) {
    // a customer's user accepted the AVB in force (the registrant's agreement, a colleague's first sign-in)
    user.acceptedTerms = (await consents.record(user.id, 'avb', AVB_VERSION)).acceptedTerms;
  }
  if (opts.passwordChangeNeeded) {
    await db.collection('users').doc(user.id).update({ passwordChangeNeeded: true });
    user.passwordChangeNeeded = true;
  }
  const token = opts.signIn === false ? '' : await signIn(mail);
  return { user, company, mail, token };
}

export const CALLER_KINDS = [
  'anonymous',
  'customerUser',
  'customerAdmin',
  'supplierUser',
  'supplierAdmin',
  'adminUser',
  'platformAdmin',
  'externalUser',
] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export interface World {
  companies: Record<CompanyType, Company>;
  users: Record<Exclude<CallerKind, 'anonymous'>, TestUser>;
  token(kind: CallerKind): string | undefined;
}

/** One company of each type with the callers of the access matrix, all signed in. */
export async function createWorld(): Promise<World> {
  const [admin_, customer, supplier, external] = await Promise.all([
    createCompany('ADMIN'),
    createCompany('CUSTOMER'),
    createCompany('SUPPLIER'),
    createCompany('EXTERNAL'),
  ]);
  const [platformAdmin, adminUser, customerAdmin, customerUser, supplierAdmin, supplierUser, externalUser] =
    await Promise.all([
      createUser(admin_!, { admin: true }),
      createUser(admin_!),
      createUser(customer!, { admin: true }),
      createUser(customer!),
      createUser(supplier!, { admin: true }),
      createUser(supplier!),
      createUser(external!),
    ]);
  const users = {
    platformAdmin,
    adminUser,
    customerAdmin,
    customerUser,
    supplierAdmin,
    supplierUser,
    externalUser,
  } as World['users'];
  return {
    companies: { ADMIN: admin_!, CUSTOMER: customer!, SUPPLIER: supplier!, EXTERNAL: external! },
    users,
    token: (kind) => (kind === 'anonymous' ? undefined : users[kind].token),
  };
}

/** Mails in the outbox addressed to `to`, oldest first. */
export async function mailsTo(
  to: string,
): Promise<
  Array<{ to: string | string[]; message: { subject: string; text: string; html: string }; createdAt: unknown }>
> {
  const snap = await admin().db.collection('mail').get();
  return snap.docs
    .map((d) => d.data() as any)
    .filter((m) => (Array.isArray(m.to) ? m.to.includes(to) : m.to === to))
    .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis());
}

/**
 * Firebase compares a token's issue time with a revocation in whole seconds: a token is revoked only by a
 * revocation in a later second than its own. Resolves when the next second has begun (a protocol step, not a race).
 */
export function nextSecond(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
}
