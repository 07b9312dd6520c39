import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Timestamp } from 'firebase-admin/firestore';
import {
  admin,
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  uniqueMail,
} from '../../functions/src/testing/fixtures.js';
import { waitForQuery } from '../../functions/src/testing/wait-for-document.js';
import { launch, login, logout, specMenu, openPage, PORTAL } from './browser.js';

/** Spec 2: the main menu of customers and suppliers. */
const CUSTOMER_MENU = ['Anfragen', 'Angebote', 'Aufträge', 'Jobs'];

// End-to-end in headless Chromium against the Hosting emulator (the stack project's global setup builds and
// starts everything; nothing is seeded, so every scenario creates its own data through firebase-admin).
let context: BrowserContext;
let close: () => Promise<void>;
let platformAdminMail: string;

beforeAll(async () => {
  ({ context, close } = await launch());
  const adminCompany = await createCompany('ADMIN');
  platformAdminMail = (await createUser(adminCompany, { admin: true, signIn: false })).mail;
});

afterAll(async () => {
  await close?.();
  await disposeClients();
});

type MailDoc = { message: { text: string; html: string }; createdAt: Timestamp };

/** The link of the newest mail to `to` (invitation or password reset). */
async function actionLinkFor(to: string): Promise<string> {
  const LINK = /\/action\?mode=resetPassword&(?:amp;)?oobCode=([^"'\s<&]+)/;
  const textOf = (mails: MailDoc[]) =>
    [...mails]
      .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis())
      .map((m) => `${m.message.text} ${m.message.html}`)
      .reverse()
      .join(' ');
  // the mail arrives as the outbox document is written (a listener, not a poll)
  const mails = await waitForQuery<MailDoc>(admin().db.collection('mail').where('to', '==', to), (docs) =>
    LINK.test(textOf(docs)),
  );
  return `${PORTAL}/action?mode=resetPassword&oobCode=${LINK.exec(textOf(mails))![1]}`;
}

/** Ends a scenario: sign out, no console errors on any page visited, close the tab. */
async function finish(page: Page, errors: string[]): Promise<void> {
  await logout(page);
  expect(errors).toEqual([]);
  await page.close();
}

describe('portal end to end', () => {
  it('register a company -> pending banner; platform admin releases it; the user sees the customer menu', async () => {
    const { page, errors } = await openPage(context);
    const mail = uniqueMail('registrant');
    const companyName = `E2E Kunde ${Date.now()}`;

    await page.goto(`${PORTAL}/register?info=E2E`);
    await page.getByLabel('Vorname').fill('Rita');
    await page.getByLabel('Nachname').fill('Register');
    await page.getByLabel('Telefon').fill('+49-711-1');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByLabel('E-Mail').fill(mail);
    await page.getByLabel('Passwort', { exact: false }).first().fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByLabel('Firmenname').fill(companyName);
    await page.getByLabel('Straße').fill('Königstraße');
    await page.getByLabel('Hausnummer').fill('1');
    await page.getByLabel('PLZ').fill('70173');
    await page.getByLabel('Ort').fill('Stuttgart');
    await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
    await page.getByRole('checkbox', { name: /Verkaufsbedingungen/ }).check();
    await page.getByRole('button', { name: 'Registrieren' }).click();

    await page.waitForURL(/\/profile$/);
    await page.getByTestId('pending-banner').waitFor();
    // restricted: every path leads to /profile
    await page.goto(`${PORTAL}/enquiry`);
    await page.waitForURL(/\/profile$/);
    await logout(page);

    // the platform admin releases it (a registered customer needs a customer number first: the dialog asks for it)
    await login(page, platformAdminMail, PASSWORD);
    await page.waitForURL(/\/user$/);
    await page.goto(`${PORTAL}/company`);
    await page.getByLabel('Suche').fill(companyName);
    const row = page.getByTestId('list-row').filter({ hasText: companyName });
    await row.getByText('Freigabe ausstehend').waitFor();
    await row.getByRole('button', { name: 'Freigeben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Firma freigeben' });
    await dialog.getByLabel('Kundennummer').fill('K-E2E-1');
    await dialog.getByRole('button', { name: 'Freigeben' }).click();
    await page.getByText(`Die Firma ${companyName} wurde freigegeben.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('list-row').filter({ hasText: companyName }).getByText('Aktiv').waitFor();
    await logout(page);

    // the registrant signs in again and sees the customer menu (the registrant administers his company)
    await login(page, mail, PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    expect(await specMenu(page, ['Benutzer', ...CUSTOMER_MENU])).toEqual(['Benutzer', ...CUSTOMER_MENU]);
    // the enquiry area is built (issue 8): the customer lands on the (empty) enquiry list
    await page.getByText('Keine Anfragen vorhanden.').waitFor();
    await finish(page, errors);
  });

  it('an admin-created user sets the password from the invitation and must change it at first login', async () => {
    const { page, errors } = await openPage(context);
    const customer = await createCompany('CUSTOMER');
    const mail = uniqueMail('invited');

    await login(page, platformAdminMail, PASSWORD);
    await page.waitForURL(/\/user$/);
    // the admin company sees the latest login
    await page.getByTestId('last-login').getByText(platformAdminMail, { exact: false }).waitFor();
    const adminMenu = ['Benutzer', 'Firmen', 'Artikel', 'Feldwerte', 'Importkonfiguration', 'Stücklistenimport'];
    expect(await specMenu(page, adminMenu)).toEqual(adminMenu);
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.waitForURL(/\/user\/new$/);
    await page.getByLabel('Vorname').fill('Ina');
    await page.getByLabel('Nachname').fill('Eingeladen');
    await page.getByLabel('E-Mail').fill(mail);
    await page.getByLabel('Telefon').fill('0711-2');
    await page.getByRole('combobox', { name: 'Firma' }).click();
    await page.getByRole('option', { name: customer.name }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/user$/);
    await page.getByText('Der Benutzer wurde angelegt.', { exact: false }).waitFor();
    await logout(page);

    // invitation link -> /action -> /reset
    await page.goto(await actionLinkFor(mail));
    await page.waitForURL(/\/reset$/);
    await page.getByLabel('Neues Passwort').fill('Erst1234!');
    await page.getByLabel('Passwort wiederholen').fill('Erst1234!');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.waitForURL(/\/login$/);

    // first login: a customer's colleague has never accepted the AVB and is asked first (issue 32 point 1)
    await login(page, mail, 'Erst1234!');
    await page.waitForURL(/\/profile$/);
    const avb = page.getByRole('dialog', { name: 'Bitte bestätigen Sie unsere AVB' });
    await avb.getByRole('button', { name: 'AVB akzeptieren' }).click();
    await avb.waitFor({ state: 'detached' });
    // then only the profile, with the password banner
    await page.getByTestId('password-banner').waitFor();
    await page.goto(`${PORTAL}/enquiry`);
    await page.waitForURL(/\/profile$/);
    await page.getByLabel('Neues Passwort').fill('Neu12345!');
    await page.getByLabel('Passwort wiederholen').fill('Neu12345!');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await page.getByText('Ihr Passwort wurde geändert.').waitFor();
    expect(await page.getByTestId('password-banner').count()).toBe(0);
    expect(await specMenu(page, CUSTOMER_MENU)).toEqual(CUSTOMER_MENU);
    await page.goto(`${PORTAL}/enquiry`);
    await page.waitForURL(/\/enquiry$/);
    await finish(page, errors);
  });

  it('forgotten password through the out-of-band code', async () => {
    const { page, errors } = await openPage(context);
    const supplier = await createCompany('SUPPLIER');
    const { mail } = await createUser(supplier, { signIn: false });

    await page.goto(`${PORTAL}/forget`);
    await page.getByLabel('E-Mail').fill(mail);
    await page.getByRole('button', { name: 'E-Mail senden' }).click();
    await page.getByText('Falls ein Konto', { exact: false }).waitFor();

    await page.goto(await actionLinkFor(mail));
    await page.waitForURL(/\/reset$/);
    await page.getByTestId('reset-mail').getByText(mail, { exact: false }).waitFor();
    await page.getByLabel('Neues Passwort').fill('Vergessen1!');
    await page.getByLabel('Passwort wiederholen').fill('Vergessen1!');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.waitForURL(/\/login$/);

    await login(page, mail, 'Vergessen1!');
    await page.waitForURL(/\/enquiry$/);
    expect(await specMenu(page, CUSTOMER_MENU)).toEqual(CUSTOMER_MENU);
    // unknown path while signed in: not-found text
    await page.goto(`${PORTAL}/gibt-es-nicht`);
    await page.getByText('Seite nicht gefunden').waitFor();
    await finish(page, errors);
  });
});
