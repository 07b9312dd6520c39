import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { storeEnquiry } from '../../functions/src/modules/enquiries/enquiries-fixtures.js';
import {
  admin,
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  signIn,
} from '../../functions/src/testing/fixtures.js';
import { storeOffer } from '../../functions/src/modules/offers/offers-fixtures.js';
import { bomOffer } from '../../functions/src/modules/bom/bom-job-fixtures.js';
import { share, withFolderFile } from '../../functions/src/modules/business-data/business-data-fixtures.js';
import {
  createArticle,
  createDiscountGroup,
  createManufacturer,
  createUnit,
  createWholesaler,
} from '../../functions/src/modules/catalogue/catalogue-fixtures.js';
import { configBody, createImportConfig } from '../../functions/src/modules/import-configs/import-configs-fixtures.js';
import { launchBrowser, login, openPage, PORTAL } from './browser.js';
import {
  addressesOf,
  axeViolations,
  loadRoutesFor,
  openInApp,
  settle,
  sidewaysOverflow,
  trackRequests,
  type RoutePrincipal,
  type RoutesFor,
  type WalkIds,
} from './route-walker.js';
import { openConversation, withMessage } from '../../functions/src/modules/chat/chat-fixtures.js';
import { pdfBytes } from '../../functions/src/testing/upload-client.js';
import { importBom } from '../../functions/src/modules/bom/admin-bom-fixtures.js';

// Issue 12 items 5 and 6: every route of every role (taken from the feature registry, so areas added later are
// walked too) on a 390 × 844 phone: no sideways scrolling, no WCAG 2.1 AA violation (axe-core), no console error.
const PHONE = { width: 390, height: 844 };

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let routesFor: RoutesFor;

/** Roles walked at the same time, each in its own browser profile (2 cores: more would only queue). */
const PARALLEL_ROLES = 3;
let running = 0;
const queue: Array<() => void> = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL_ROLES) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    queue.shift()?.();
  }
}

interface Role {
  name: string;
  principal: RoutePrincipal | null;
  mail?: string;
  ids?: WalkIds;
  /** states of a page the route table cannot reach (a panel with data, a side panel opened), walked after it */
  more?: (page: Page, problems: string[]) => Promise<void>;
}
const roles: Record<string, Role> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  routesFor = await loadRoutesFor();
  // the demo roles (README), with long names and mails like real ones
  const platform = await createCompany('ADMIN', { name: 'Schrankwerk Schaltschrankbau und Automatisierung GmbH' });
  const customer = await createCompany('CUSTOMER', { name: 'Müller Maschinenbau und Anlagentechnik GmbH & Co. KG' });
  const supplier = await createCompany('SUPPLIER', { name: 'Elektro Schaltanlagen Weber Gesellschaft mbH' });
  const pending = await createCompany('CUSTOMER', { name: 'Neu Automation GmbH', pendingRegistration: true });
  const [platformAdmin, adminUser, customerAdmin, supplierAdmin, pendingAdmin] = await Promise.all([
    createUser(platform, { admin: true, signIn: false }),
    createUser(platform, { signIn: false }),
    createUser(customer, { admin: true, signIn: false }),
    createUser(supplier, { admin: true, signIn: false }),
    createUser(pending, { admin: true, signIn: false }),
  ]);
  // a released enquiry of the customer with a released offer of the supplier: the record pages of both areas
  const enquiry = await storeEnquiry(customerAdmin, { released: true });
  const offer = await storeOffer(supplierAdmin, enquiry, { released: true });
  // its project folder with a file, shared with an electrician (an EXTERNAL account): the folder pages of every role
  const supplierToken = await signIn(supplierAdmin.mail);
  await withFolderFile(
    supplierToken,
    offer.id,
    'Schaltplan mit einem recht langen Dateinamen für kleine Bildschirme.pdf',
  );
  // a chat on the enquiry and on the offer, unread for the customer: the chat panels, /messages and the bell
  const enquiryChat = await openConversation(supplierToken, { enquiryId: enquiry.id });
  await withMessage(
    supplierToken,
    enquiryChat,
    'Eine recht lange Rückfrage zur Stückliste: Sollen die Reihenklemmen mit Steckbrücken ausgeführt werden?',
    { name: 'Skizze Türausschnitt mit langem Namen.pdf', bytes: pdfBytes() },
  );
  await withMessage(supplierToken, await openConversation(supplierToken, { offerId: offer.id }), 'Frage zum Angebot');
  const electrician = `elektriker.${Date.now()}@extern-elektrotechnik.example.de`;
  await share(supplierToken, offer.id, [{ email: electrician, read: true, write: true }]);
  const invitee = await admin().db.collection('users').where('mail', '==', electrician).get();
  const external = invitee.docs[0]!.data() as { companyId: string };
  await admin().auth.updateUser(invitee.docs[0]!.id, { password: PASSWORD });
  // the catalogue's record pages: an article with its field values (issue 22)
  const catalogue = await catalogueRecords(await signIn(platformAdmin.mail));
  const role = (name: string, u: typeof platformAdmin, principal: RoutePrincipal, records: WalkIds = {}): Role => ({
    name,
    principal,
    mail: u.mail,
    ids: { user: u.user.id, company: u.company.id, ...records },
  });
  const p = (companyType: RoutePrincipal['companyType'], admin: boolean, pendingRegistration = false) => ({
    companyType,
    admin,
    passwordChangeNeeded: false,
    pendingRegistration,
  });
  roles.signedOut = { name: 'signed out', principal: null };
  roles.pending = role('pending registration', pendingAdmin, p('CUSTOMER', true, true));
  roles.customer = role('customer (company admin)', customerAdmin, p('CUSTOMER', true), {
    enquiry: enquiry.id,
    offer: offer.id,
  });
  roles.supplier = role('supplier (company admin)', supplierAdmin, p('SUPPLIER', true), {
    enquiry: enquiry.id,
    offer: offer.id,
  });
  // his draft offer with its BOM mapped (as the demo seed maps WSA-2026-0420): the offer's BOM panel and its drawer
  const bomDraft = await bomOffer(
    { ...customerAdmin, token: await signIn(customerAdmin.mail) },
    { ...supplierAdmin, token: supplierToken },
    { map: true },
  );
  roles.supplier.more = (page, problems) => offerBomPanel(page, roles.supplier!, bomDraft.id, problems);
  roles.external = {
    name: 'external (invited electrician)',
    principal: p('EXTERNAL', false),
    mail: electrician,
    ids: { user: invitee.docs[0]!.id, company: external.companyId, offer: offer.id },
  };
  roles.platformAdmin = role('platform admin', platformAdmin, p('ADMIN', true), catalogue);
  roles.adminUser = role('admin company, no admin flag', adminUser, p('ADMIN', false), { article: catalogue.article });
});

/** A manufacturer with long names, its discount group, a unit, a wholesaler and an article using all of them. */
async function catalogueRecords(token: string): Promise<WalkIds> {
  const [manufacturer, unit, wholesaler] = await Promise.all([
    createManufacturer(token, {
      displayName: `Phoenix Contact Deutschland GmbH ${Date.now()}`,
      nameVariants: [`PHOENIX CONTACT GmbH & Co. KG Blomberg ${Date.now()}`],
      link: 'https://www.phoenixcontact.com',
    }),
    // variants unique: the stack may hold the demo catalogue, whose 'Stück' has these names
    createUnit(token, { nameVariants: [`Stk ${Date.now()}`, `Stck. ${Date.now()}`] }),
    createWholesaler(token),
  ]);
  const discount = await createDiscountGroup(token, {
    manufacturerId: manufacturer.id,
    wholesalerDiscounts: [{ wholesalerId: wholesaler.id, percent: 40 }],
  });
  const article = await createArticle(token, {
    manufacturerId: manufacturer.id,
    manufacturerNumber: `PXC-${Date.now()}`,
    description: 'Durchgangsreihenklemme PT 2,5 mit Push-in-Anschluss, Nennquerschnitt 2,5 mm², grau',
    listPrice: 1234.56,
    discountGroupId: discount.id,
    unitId: unit.id,
    possibleOrderNumbers: [`ALT-${Date.now()}`],
    wholesalerInfos: [{ wholesalerId: wholesaler.id, purchasePrice: 0.99, orderNumber: 'SON-3211757' }],
  });
  // an import configuration of the manufacturer with its sample price list (issue 23)
  const importConfig = await createImportConfig(token, {
    ...configBody({ manufacturerId: manufacturer.id, wholesalerId: wholesaler.id, defaultUnitId: unit.id }),
    description: 'Monatliche Preisliste mit Bestellnummern, Listenpreisen, Abmessungen und Gewichten aller Artikel',
  });
  return {
    importConfig: importConfig.id,
    article: article.id,
    manufacturer: manufacturer.id,
    discount: discount.id,
    unit: unit.id,
    wholesaler: wholesaler.id,
  };
}

afterAll(async () => {
  await browser?.close();
  await disposeClients();
});

/** No sideways scrolling and no axe violation on the page as it is now. */
async function check(page: Page, where: string, problems: string[]): Promise<void> {
  const { excess, culprits } = await sidewaysOverflow(page);
  if (excess > 0) problems.push(`${where}: ${excess}px sideways — ${culprits.join(' | ')}`);
  for (const v of await axeViolations(page)) problems.push(`${where}: ${v}`);
}

/** A supplier's draft offer with its BOM mapped: the BOM panel (success rate, buttons), then the Map side panel. */
async function offerBomPanel(page: Page, role: Role, offerId: string, problems: string[]): Promise<void> {
  const address = `/offer/${offerId}`;
  await openInApp(page, address);
  const panel = page.getByTestId('offer-bom-panel');
  await panel.getByTestId('bom-summary').waitFor();
  await settle(page);
  await check(page, `${role.name} ${address} (offer BOM panel)`, problems);
  await panel.getByRole('button', { name: 'Zuordnen' }).click();
  await page.getByTestId('bom-mapping').getByRole('combobox').first().waitFor();
  await settle(page);
  await check(page, `${role.name} ${address} (mapping side panel)`, problems);
}

/**
 * Visits every address of the role's route table and collects what is wrong where. The first is loaded, the others
 * are opened inside the app as its links open them (a deep link's load is the record pages' e2e tests' and mail
 * links' concern; here it was 90 % of the walk's time).
 */
async function walk(page: Page, role: Role): Promise<{ visited: string[]; problems: string[] }> {
  const problems: string[] = [];
  const visited = addressesOf(routesFor(role.principal), role.ids);
  for (const [i, address] of visited.entries()) {
    if (i === 0) await page.goto(`${PORTAL}${address}`);
    else await openInApp(page, address);
    try {
      await settle(page);
    } catch (error) {
      // a page that never settles (a loading indicator that stays) is a problem of that address, named as such
      problems.push(`${role.name} ${address}: never settled — ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    await check(page, `${role.name} ${address} (at ${new URL(page.url()).pathname})`, problems);
  }
  // the router followed the in-app navigation: the last address (an unknown one) shows what loading it shows
  const last = visited.at(-1)!;
  const headings = () => page.locator('h1, h2, h3, h4, h5, h6').allTextContents();
  const opened = await headings();
  await page.goto(`${PORTAL}${last}`);
  await settle(page);
  const loaded = await headings();
  if (JSON.stringify(opened) !== JSON.stringify(loaded))
    problems.push(
      `${role.name} ${last}: opened in the app it shows ${opened.join(' | ')}, loaded ${loaded.join(' | ')}`,
    );
  await role.more?.(page, problems);
  return { visited, problems };
}

describe.concurrent.each(['signedOut', 'pending', 'customer', 'supplier', 'external', 'platformAdmin', 'adminUser'])(
  'every route at 390 px, axe WCAG 2.1 AA: %s',
  (key) => {
    it('no sideways scrolling, no accessibility violation, no console error', { timeout: 600_000 }, async () =>
      slot(async () => {
        const role = roles[key]!;
        // its own profile: the roles walk side by side, each signed in as itself
        const context = await browser.newContext();
        const { page, errors } = await openPage(context);
        trackRequests(page);
        await page.setViewportSize(PHONE);
        try {
          if (role.mail) {
            await login(page, role.mail, PASSWORD);
            await page.waitForURL((url) => !url.pathname.startsWith('/login'));
            await settle(page);
          }
          const { visited, problems } = await walk(page, role);
          expect(visited.length).toBeGreaterThan(role.principal ? 1 : 5);
          expect(problems).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }),
    );
  },
);

/** What is wrong on the page as it stands: sideways scrolling (of the page and of an open side panel) and axe. */
async function problemsHere(page: Page, where: string): Promise<string[]> {
  await settle(page);
  const problems: string[] = [];
  await check(page, where, problems);
  const panel = await page.evaluate(() => {
    const paper = document.querySelector('.MuiDrawer-paper');
    return paper ? paper.scrollWidth - paper.clientWidth : 0;
  });
  if (panel > 0) problems.push(`${where}: the side panel scrolls ${panel}px sideways`);
  return problems;
}

// Issue 24: /import/stueckliste beyond its first view — the result table and the side panel's three views (edit
// article, history, delete confirmation) on a phone, for the platform administrator (history and catalogue writes).
describe('the admin BOM import with its side panels at 390 px, axe WCAG 2.1 AA', () => {
  it('result, edit article, history, delete confirmation', { timeout: 600_000 }, async () =>
    slot(async () => {
      const role = roles.platformAdmin!;
      const token = await signIn(role.mail!);
      const number = `WALK-${Date.now()}`;
      await createArticle(token, {
        orderNumber: number,
        description:
          'Motorschutzschalter Baugröße S00 für Normanwendungen, Einstellbereich 0,9–1,25 A, Schraubanschluss',
        listPrice: 48.5,
      });
      const fileName = `Stückliste Schaltschrank Linie 4 mit einem recht langen Namen ${Date.now()}.csv`;
      const imported = await importBom(token, {
        name: fileName,
        headerRowIndex: 1,
        bytes: Buffer.from(`Pos;Bestellnummer;Menge\r\n1;${number};2\r\n2;UNBEKANNT-${Date.now()};1\r\n`),
        mapping: [
          { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
          { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' },
        ],
      });
      expect(imported.status).toBe(200);
      const context = await browser.newContext();
      const { page, errors } = await openPage(context);
      trackRequests(page);
      await page.setViewportSize(PHONE);
      const problems: string[] = [];
      try {
        await login(page, role.mail!, PASSWORD);
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        await page.goto(`${PORTAL}/import/stueckliste`);
        await page.getByRole('heading', { name: 'Stücklisten-Import' }).waitFor();

        // view 2: the history
        await page.getByRole('button', { name: 'Verlauf' }).click();
        const row = page.getByTestId('bom-import-history').getByRole('row').filter({ hasText: fileName });
        await row.waitFor();
        problems.push(...(await problemsHere(page, 'history')));
        // the result shown from the history: its table
        await row.getByRole('button', { name: 'Anzeigen' }).click();
        const result = page.getByTestId('bom-import-result');
        await result.getByTestId('bom-line-2').waitFor();
        await page.locator('.MuiDrawer-paper').waitFor({ state: 'detached' });
        problems.push(...(await problemsHere(page, 'result')));
        // view 1: the line's article in the catalogue's form
        await result.getByTestId('bom-line-2').getByRole('button', { name: 'Artikel bearbeiten' }).click();
        await page.getByTestId('bom-import-article').getByLabel('Beschreibung').waitFor();
        problems.push(...(await problemsHere(page, 'edit article')));
        await page.getByTestId('bom-import-article').getByRole('button', { name: 'Zurück' }).click();
        await page.locator('.MuiDrawer-paper').waitFor({ state: 'detached' });
        // view 3: the delete confirmation (No: back to the history)
        await page.getByRole('button', { name: 'Verlauf' }).click();
        await row.getByRole('button', { name: 'Löschen' }).click();
        await page.getByTestId('bom-import-delete').waitFor();
        problems.push(...(await problemsHere(page, 'delete confirmation')));
        await page.getByTestId('bom-import-delete').getByRole('button', { name: 'Nein' }).click();
        await row.waitFor();
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }),
  );
});
