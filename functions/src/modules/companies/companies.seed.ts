import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { CompanyInput } from '../../model/company.js';
import { AVB_VERSION, PRIVACY_VERSION } from '../../model/consent.js';
import { companyDocumentsPath } from '../../model/files.js';
import { DEMO_PASSWORD, type AreaSeed, type DemoLogin } from '../../testing/area-seed.js';
import { FILES_PORT } from '../files/files.module.js';
import { USERS_PORT } from '../users/users.port.js';
import { COMPANIES_PORT } from './companies.port.js';

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
  /** how the company's managers designate the user (spec 01 §3 customerDesignation) */
  customerDesignation?: string;
  /** an AVB version older than the one in force, which she accepted: she is asked again at her next sign-in */
  outdatedAvb?: { version: string; at: Date };
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
        customerDesignation: 'Einkauf Elektrokonstruktion',
        outdatedAvb: { version: '2023-01-16', at: new Date('2023-02-01T09:30:00Z') },
      },
      {
        mail: 'kunde@mueller-maschinenbau.de',
        name: 'Stefan',
        lastname: 'Schäfer',
        phoneNumber: '+49-7161-5050-12',
        admin: false,
        role: 'Kunde',
        customerDesignation: 'Projektleitung Sondermaschinen',
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
const DEMO_LOGINS: DemoLogin[] = [
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

/** The second supplier (so the comparison view has two), with one login (not in the README table). */
export const SECOND_SUPPLIER = {
  company: {
    name: 'Schaltbau Nord GmbH',
    type: 'SUPPLIER' as const,
    address: { street: 'Hafenstraße', houseNo: '40', zip: '28217', city: 'Bremen', country: 'Deutschland' },
  },
  user: {
    mail: 'vertrieb@schaltbau-nord.de',
    name: 'Henrik',
    lastname: 'Jansen',
    phoneNumber: '+49-421-7070-0',
    admin: true,
  },
};

/** A one-page PDF standing in for a signed data processing agreement. */
async function demoAvv(companyName: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(`AVV ${companyName.replace(/ü/g, 'ue')} - unterschrieben (Demo)`, { x: 50, y: 760, size: 14, font });
  return Buffer.from(await pdf.save());
}

/**
 * The demo companies and their users (the README's table), the customer's signed AVV, the second supplier and a
 * registration awaiting release. Registers the callers later seeds act as: 'customer' (Müller's admin), 'weber'
 * (Weber's admin), 'nord' (Schaltbau Nord's admin), 'platformAdmin'.
 */
const seed: AreaSeed = {
  logins: DEMO_LOGINS,
  async run(ctx) {
    const { companies } = ctx.ports.get(COMPANIES_PORT);
    const { users, account, consents } = ctx.ports.get(USERS_PORT);
    const actor = 'seed';
    const keys = new Map<CompanyInput, string>([
      [ADMIN_COMPANY, 'platformAdmin'],
      [CUSTOMER_COMPANY, 'customer'],
      [SUPPLIER_COMPANY, 'weber'],
    ]);
    const accounts: Array<{ company: CompanyInput; users: DemoUser[] }> = [
      ...USERS,
      { company: SECOND_SUPPLIER.company, users: [{ ...SECOND_SUPPLIER.user, role: '' }] },
    ];
    for (const { company, users: people } of accounts) {
      const created = await companies.create(actor, company);
      for (const u of people) {
        const user = (await users.provision({
          input: {
            name: u.name,
            lastname: u.lastname,
            mail: u.mail,
            phoneNumber: u.phoneNumber,
            admin: u.admin,
            customerDesignation: u.customerDesignation,
          },
          companyId: created.id,
          actorId: actor,
          password: DEMO_PASSWORD,
        })) as { id: string };
        if (u.admin) await ctx.addPrincipal(keys.get(company) ?? 'nord', user.id);
        // every demo user accepted the privacy policy in force, the customer's users the AVB (one an older version)
        await consents.record(user.id, 'privacy', PRIVACY_VERSION);
        if (company.type === 'CUSTOMER') {
          const avb = u.outdatedAvb ?? { version: AVB_VERSION, at: undefined };
          await consents.record(user.id, 'avb', avb.version, { at: avb.at });
        }
      }
    }
    // a document to look at on the company page ("Dokumente"), uploaded as the customer's admin would
    const customer = ctx.principal('customer');
    await ctx.ports.get(FILES_PORT).upload(
      customer,
      companyDocumentsPath(customer.company.id),
      {
        field: 'file',
        filename: 'AVV unterschrieben.pdf',
        declaredType: 'application/pdf',
        bytes: await demoAvv(customer.company.name),
      },
      'UNKNOWN',
    );
    await account.register(
      {
        user: { ...PENDING_USER, password: DEMO_PASSWORD },
        company: { name: PENDING_COMPANY.name, type: 'CUSTOMER', address: PENDING_COMPANY.address },
        avbAccepted: true,
        privacyAccepted: true,
      },
      PENDING_COMPANY.additionalInfo,
    );
  },
};
export default seed;
