import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import {
  folderOffer,
  openPasswordLink,
  share,
  withFolderFile,
} from '../../functions/src/modules/business-data/business-data-fixtures.js';
import {
  admin,
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  uniqueMail,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { waitForQuery } from '../../functions/src/testing/wait-for-document.js';
import { launchBrowser, specMenu, openPage, PORTAL, signInHere } from './browser.js';

// Issue 20 in the browser: the project folder as its three kinds of visitors meet it - an anonymous visitor of the
// password link, an invited external user, and the two companies while the supplier's admin changes the settings.
// Headless Chromium against the Hosting emulator; data made through the API and firebase-admin.
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let customerAdmin: TestUser;
let customerUser: TestUser;
let supplierAdmin: TestUser;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'business-data-e2e-'));
const DROPZONE = 'Datei hierher ziehen oder klicken, um sie auszuwählen';

beforeAll(async () => {
  browser = await launchBrowser();
  const [customer, supplier] = await Promise.all([
    createCompany('CUSTOMER', { name: 'Müller Maschinenbau GmbH' }),
    createCompany('SUPPLIER', { name: 'Elektro Schaltanlagen Weber GmbH' }),
  ]);
  [customerAdmin, customerUser, supplierAdmin] = await Promise.all([
    createUser(customer, { admin: true }),
    createUser(customer),
    createUser(supplier, { admin: true }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await disposeClients();
  fs.rmSync(dir, { recursive: true, force: true });
});

type MailDoc = { message: { text: string; html: string }; createdAt: Timestamp };

/** The set-password link of the invitation mail to `to` (the mail arrives as the outbox document is written). */
async function passwordLinkFor(to: string): Promise<string> {
  const LINK = /\/action\?mode=resetPassword&(?:amp;)?oobCode=([^"'\s<&]+)/;
  const textOf = (mails: MailDoc[]) => mails.map((m) => `${m.message.text} ${m.message.html}`).join(' ');
  const mails = await waitForQuery<MailDoc>(admin().db.collection('mail').where('to', '==', to), (docs) =>
    LINK.test(textOf(docs)),
  );
  return `${PORTAL}/action?mode=resetPassword&oobCode=${LINK.exec(textOf(mails))![1]}`;
}

describe('issue 20: the project folder in the browser', () => {
  it('an anonymous visitor opens the link, enters the password and downloads two files as one ZIP', async () => {
    const offer = await folderOffer(customerAdmin, supplierAdmin);
    await withFolderFile(supplierAdmin.token, offer.id, 'Schaltplan.pdf');
    await withFolderFile(supplierAdmin.token, offer.id, 'Klemmenplan.pdf');
    await withFolderFile(supplierAdmin.token, offer.id, 'Stückliste.pdf');
    const password = await openPasswordLink(supplierAdmin.token, offer.id, 'Baustelle-2026');
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await page.goto(`${PORTAL}/business-data/${offer.id}`);
      await page.getByRole('heading', { name: 'Projektordner', exact: true }).waitFor();
      await page.getByLabel('Passwort').fill('falsch-123');
      await page.getByRole('button', { name: 'Öffnen' }).click();
      await page.getByText('Das Passwort ist falsch.').first().waitFor();
      await page.getByLabel('Passwort').fill(password);
      await page.getByRole('button', { name: 'Öffnen' }).click();
      await page.getByRole('heading', { name: `Projektordner ${offer.referenceNumber}` }).waitFor();
      expect(await page.getByTestId('folder-row').count()).toBe(3);

      await page.getByRole('checkbox', { name: 'Schaltplan.pdf auswählen' }).check();
      await page.getByRole('checkbox', { name: 'Stückliste.pdf auswählen' }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Auswahl herunterladen' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Projektordner_.*\.zip$/);
      const file = path.join(dir, 'auswahl.zip');
      await download.saveAs(file);
      const env = { ...process.env, LC_ALL: 'C.UTF-8' };
      expect(execFileSync('unzip', ['-Z1', file], { env, encoding: 'utf8' }).trim().split('\n').sort()).toEqual([
        'Schaltplan.pdf',
        'Stückliste.pdf',
      ]);
      // the counters shown come back raised, each file of the ZIP once
      const row = (name: string) => page.getByTestId('folder-row').filter({ hasText: name });
      await row('Schaltplan.pdf').getByRole('cell', { name: '1', exact: true }).waitFor();
      await row('Stückliste.pdf').getByRole('cell', { name: '1', exact: true }).waitFor();
      await row('Klemmenplan.pdf').getByRole('cell', { name: '0', exact: true }).waitFor();
      // no Firebase session was needed
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('firebase:')))).toEqual([]);
      expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an invited external user sets his password from the invitation, signs in and sees only that folder', async () => {
    const shared = await folderOffer(customerAdmin, supplierAdmin);
    const other = await folderOffer(customerAdmin, supplierAdmin);
    await withFolderFile(supplierAdmin.token, shared.id, 'Klemmenplan.pdf');
    const mail = uniqueMail('elektriker');
    await share(supplierAdmin.token, shared.id, [{ email: mail, read: true, write: false }]);
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      // the invitation's first link: set the password
      await page.goto(await passwordLinkFor(mail));
      await page.waitForURL(/\/reset$/);
      await page.getByLabel('Neues Passwort').fill('Extern-2026!');
      await page.getByLabel('Passwort wiederholen').fill('Extern-2026!');
      await page.getByRole('button', { name: 'Passwort speichern' }).click();
      await page.waitForURL(/\/login$/);
      // the invitation's second link: the folder's sign-in, which continues at the folder
      await page.goto(`${PORTAL}/business-data/invite/${shared.id}`);
      await page.getByRole('heading', { name: 'Anmeldung für eingeladene Benutzer' }).waitFor();
      await signInHere(page, mail, 'Extern-2026!');
      await page.waitForURL((url) => url.pathname === `/business-data/${shared.id}`);
      await page.getByTestId('file-row').filter({ hasText: 'Klemmenplan.pdf' }).waitFor();
      await page.getByText('Sie können die Dateien ansehen und herunterladen.').waitFor();
      expect(await page.getByText(DROPZONE).count()).toBe(0);
      expect(await specMenu(page, ['Geschäftsdaten'])).toEqual(['Geschäftsdaten']);

      await page.goto(`${PORTAL}/business-data`);
      await page.getByTestId('list-row').first().waitFor();
      const rows = await page.getByTestId('list-row').allTextContents();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(shared.referenceNumber);
      // another folder of the same companies stays unknown to him
      await page.goto(`${PORTAL}/business-data/${other.id}`);
      await page.getByTestId('record-notFound').waitFor();
      expect(await page.getByTestId('file-row').count()).toBe(0);
      expect(errors.filter((e) => !/\b404\b/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the supplier's admin changes the settings; the customer's user sees the upload appear and vanish", async () => {
    const offer = await folderOffer(customerAdmin, supplierAdmin);
    const [adminContext, userContext] = await Promise.all([browser.newContext(), browser.newContext()]);
    const supplierSide = await openPage(adminContext);
    const customerSide = await openPage(userContext);
    const signIn = async (page: typeof supplierSide.page, mail: string) => {
      await page.goto(`${PORTAL}/login`);
      await signInHere(page, mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    };
    try {
      await Promise.all([signIn(supplierSide.page, supplierAdmin.mail), signIn(customerSide.page, customerUser.mail)]);
      const user = customerSide.page;
      await user.goto(`${PORTAL}/business-data/${offer.id}`);
      await user.getByText(DROPZONE).waitFor();

      const page = supplierSide.page;
      await page.goto(`${PORTAL}/offer/${offer.id}`);
      const settings = page.getByTestId('folder-settings');
      const choose = async (choice: string) => {
        await settings.getByRole('combobox', { name: 'Benutzer des Kunden' }).click();
        await page.getByRole('option', { name: choice, exact: true }).click();
        await settings.getByRole('button', { name: 'Einstellungen speichern' }).click();
        await page.getByText('Die Einstellungen wurden gespeichert.').last().waitFor();
      };
      await choose('Nur lesen');
      await user.reload();
      await user.getByText('Sie können die Dateien ansehen und herunterladen.').waitFor();
      expect(await user.getByText(DROPZONE).count()).toBe(0);

      await choose('Lesen und Schreiben');
      await user.reload();
      await user.getByText(DROPZONE).waitFor();
      await user.getByText('Sie können Dateien hochladen, herunterladen und löschen.').waitFor();
      expect(supplierSide.errors).toEqual([]);
      expect(customerSide.errors).toEqual([]);
    } finally {
      await Promise.all([adminContext.close(), userContext.close()]);
    }
  });
});
