import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { defaultBucketName } from '../../functions/src/config.js';
import { companyDocumentsPath } from '../../functions/src/model/files.js';
import { StorageFileStore } from '../../functions/src/modules/files/file-store.js';
import { createModules } from '../../functions/src/modules.js';
import { CompaniesRepository } from '../../functions/src/modules/companies/companies.repository.js';
import { UsersRepository } from '../../functions/src/modules/users/users.repository.js';
import { principalLoader } from '../../functions/src/modules/users/principal.js';
import { seedEnquiries } from './enquiries.js';
import { SECOND_SUPPLIER, seedOffers } from './offers.js';
import type { Firestore } from 'firebase-admin/firestore';
import type { CompanyInput } from '../../functions/src/model/company.js';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoLogin {
  mail: string;
  password: string;
  company: string;
  role: string;
}

const ADMIN_COMPANY: CompanyInput = {
  name: 'Schrankwerk GmbH',
  type: 'ADMIN',
  address: { street: 'Industriestraße', houseNo: '12', zip: '70565', city: 'Stuttgart', country: 'Deutschland' },
};
const CUSTOMER_COMPANY: CompanyInput = {
  name: 'Müller Maschinenbau GmbH',
  type: 'CUSTOMER',
  customerNumber: 'K-10001',
  address: { street: 'Daimlerstraße', houseNo: '8', zip: '73037', city: 'Göppingen', country: 'Deutschland' },
};
const SUPPLIER_COMPANY: CompanyInput = {
  name: 'Elektro Schaltanlagen Weber GmbH',
  type: 'SUPPLIER',
  address: { street: 'Am Umspannwerk', houseNo: '3', zip: '74076', city: 'Heilbronn', country: 'Deutschland' },
};
const PENDING_COMPANY = {
  name: 'Neu Automation GmbH',
  type: 'CUSTOMER',
  address: { street: 'Robert-Bosch-Straße', houseNo: '21', zip: '71063', city: 'Sindelfingen' },
  additionalInfo: 'Registriert über den Messestand',
};

interface DemoUser {
  mail: string;
  name: string;
  lastname: string;
  phoneNumber: string;
  admin: boolean;
  role: string;
}

const USERS: Array<{ company: CompanyInput; users: DemoUser[] }> = [
  {
    company: ADMIN_COMPANY,
    users: [
      {
        mail: 'admin@schrankwerk.de',
        name: 'Anna',
        lastname: 'Keller',
        phoneNumber: '+49-711-4000-10',
        admin: true,
        role: 'Plattform-Administrator (ADMIN mit Flag)',
      },
      {
        mail: 'mitarbeiter@schrankwerk.de',
        name: 'Jonas',
        lastname: 'Brandt',
        phoneNumber: '+49-711-4000-20',
        admin: false,
        role: 'Mitarbeiter (ADMIN ohne Flag)',
      },
    ],
  },
  {
    company: CUSTOMER_COMPANY,
    users: [
      {
        mail: 'kunde.admin@mueller-maschinenbau.de',
        name: 'Petra',
        lastname: 'Müller',
        phoneNumber: '+49-7161-5050-0',
        admin: true,
        role: 'Kunde, Firmenadministrator',
      },
      {
        mail: 'kunde@mueller-maschinenbau.de',
        name: 'Stefan',
        lastname: 'Schäfer',
        phoneNumber: '+49-7161-5050-12',
        admin: false,
        role: 'Kunde',
      },
    ],
  },
  {
    company: SUPPLIER_COMPANY,
    users: [
      {
        mail: 'lieferant.admin@weber-schaltanlagen.de',
        name: 'Markus',
        lastname: 'Weber',
        phoneNumber: '+49-7131-8080-0',
        admin: true,
        role: 'Lieferant, Firmenadministrator',
      },
      {
        mail: 'lieferant@weber-schaltanlagen.de',
        name: 'Julia',
        lastname: 'Fischer',
        phoneNumber: '+49-7131-8080-33',
        admin: false,
        role: 'Lieferant',
      },
    ],
  },
];

const PENDING_USER = {
  mail: 'neu@neu-automation.de',
  name: 'Lukas',
  lastname: 'Neumann',
  phoneNumber: '+49-7031-2020-0',
};

/** The demo accounts (README, tests). All share DEMO_PASSWORD. */
export const DEMO_LOGINS: DemoLogin[] = [
  ...USERS.flatMap(({ company, users }) =>
    users.map((u) => ({ mail: u.mail, password: DEMO_PASSWORD, company: company.name, role: u.role })),
  ),
  {
    mail: PENDING_USER.mail,
    password: DEMO_PASSWORD,
    company: PENDING_COMPANY.name,
    role: 'Kunde, Registrierung wartet auf Freigabe',
  },
];

function seedApp() {
  const existing = getApps().find((a) => a.name === 'schrankwerk-seed');
  if (existing) return existing;
  return initializeApp(
    { projectId: process.env.GCLOUD_PROJECT ?? 'demo-schrankwerk', storageBucket: defaultBucketName() },
    'schrankwerk-seed',
  );
}

/** A one-page PDF standing in for a signed data processing agreement. */
async function demoPdf(companyName: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(`AVV ${companyName.replace(/ü/g, 'ue')} - unterschrieben (Demo)`, { x: 50, y: 760, size: 14, font });
  return Buffer.from(await pdf.save());
}

/**
 * Loads the demo data on an empty `companies` collection, through the same services the API uses.
 * Needs FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST in process.env (set by the launcher).
 * Returns whether anything was written.
 */
export async function seedIfEmpty(): Promise<boolean> {
  if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('seedIfEmpty: refusing to run without FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST');
  }
  const app = seedApp();
  const db = getFirestore(app);
  const auth = getAuth(app);
  const c = createModules({ db, auth, bucket: () => getStorage(app).bucket() });
  const companies = new CompaniesRepository(db);
  if (!(await companies.isEmpty())) {
    await refreshDerivedFields(db);
    return false;
  }

  // Auth may be persisted separately from Firestore: drop stale demo accounts first.
  for (const mail of [...DEMO_LOGINS.map((l) => l.mail), SECOND_SUPPLIER.user.mail]) {
    const existing = await auth.getUserByEmail(mail).catch(() => undefined);
    if (existing) await auth.deleteUser(existing.uid);
  }

  const actor = 'seed';
  const files = new StorageFileStore(() => getStorage(app).bucket());
  let customerAdminId: string | undefined;
  let supplierAdminId: string | undefined;
  for (const { company, users } of USERS) {
    const created = await c.companies.create(actor, company);
    if (company === CUSTOMER_COMPANY) {
      // a document to look at on the company page ("Dokumente")
      const path = `${companyDocumentsPath(created.id)}AVV unterschrieben.pdf`;
      await files.createIfAbsent(path, await demoPdf(company.name), 'application/pdf', {
        documentType: 'UNKNOWN',
        uploadedBy: actor,
      });
    }
    for (const u of users) {
      const user = await c.users.provision({
        input: { name: u.name, lastname: u.lastname, mail: u.mail, phoneNumber: u.phoneNumber, admin: u.admin },
        companyId: created.id,
        actorId: actor,
        password: DEMO_PASSWORD,
      });
      if (company === CUSTOMER_COMPANY && u.admin) customerAdminId = (user as { id: string }).id;
      if (company === SUPPLIER_COMPANY && u.admin) supplierAdminId = (user as { id: string }).id;
    }
  }
  // enquiries in every state, made by the customer's admin through the service the API uses
  const customer = await principalLoader(new UsersRepository(db), companies)(customerAdminId!);
  await seedEnquiries(c.enquiries, files, customer!);
  // offers in every state: Weber's, and a second supplier's for the comparison view
  const nordCompany = await c.companies.create(actor, SECOND_SUPPLIER.company);
  const nordUser = (await c.users.provision({
    input: SECOND_SUPPLIER.user,
    companyId: nordCompany.id,
    actorId: actor,
    password: DEMO_PASSWORD,
  })) as { id: string };
  const principal = principalLoader(new UsersRepository(db), companies);
  await seedOffers({
    db,
    enquiries: c.enquiries,
    offers: c.offers,
    store: files,
    customer: customer!,
    weber: (await principal(supplierAdminId!))!,
    nord: (await principal(nordUser.id))!,
  });
  await c.account.register(
    {
      user: { ...PENDING_USER, password: DEMO_PASSWORD },
      company: { name: PENDING_COMPANY.name, type: 'CUSTOMER', address: PENDING_COMPANY.address },
    },
    PENDING_COMPANY.additionalInfo,
  );
  return true;
}

/**
 * Data written before the list pages existed lacks the query-only fields (searchTokens, a user's
 * companyName/companyType, null for absent sort fields): rewrite every company and user through the
 * repositories' converters. Idempotent, so it runs on every start against existing data.
 */
export async function refreshDerivedFields(db: Firestore): Promise<void> {
  const companies = await new CompaniesRepository(db).rewriteAll();
  await new UsersRepository(db).rewriteAll(new Map(companies.map((c) => [c.id, c])));
}
