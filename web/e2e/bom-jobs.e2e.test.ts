import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle, uniq } from '../../functions/src/modules/catalogue/catalogue-fixtures.js';
import { storeEnquiry } from '../../functions/src/modules/enquiries/enquiries-fixtures.js';
import {
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { launchBrowser, login, nextPaint, openPage, PORTAL } from './browser.js';
import { axeViolations, sidewaysOverflow } from './route-walker.js';

// Issue 24 in the browser: a customer uploads a BOM to an enquiry, maps it in the side panel, sees the success rate
// and fixes one line by a manual match. Headless Chromium against the Hosting emulator (stack project).
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let customer: TestUser;
const known = uniq('E2E-ON').toUpperCase();
const unknown = uniq('E2E-FREMD').toUpperCase();
const replacement = uniq('E2E-ERSATZ').toUpperCase();

beforeAll(async () => {
  browser = await launchBrowser();
  const [adminCompany, customerCompany] = await Promise.all([
    createCompany('ADMIN', { name: 'Schrankwerk Betrieb' }),
    createCompany('CUSTOMER', { name: 'Stücklisten Kunde GmbH' }),
  ]);
  const platformAdmin = await createUser(adminCompany, { admin: true });
  customer = await createUser(customerCompany, { admin: true });
  await createArticle(platformAdmin.token, { orderNumber: known, description: 'Schütz 3 kW', listPrice: 50 });
  await createArticle(platformAdmin.token, { orderNumber: replacement, description: 'Ersatzrelais' });
});

afterAll(async () => {
  await browser?.close();
  await disposeClients();
});

describe('issue 24: an enquiry BOM in the browser', () => {
  it('upload, map in the side panel, success rate, manual match of one line', async () => {
    const draft = await storeEnquiry(customer);
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await page.setViewportSize({ width: 1400, height: 900 });
      await login(page, customer.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${PORTAL}/enquiry/${draft.id}`);
      const panel = page.getByTestId('bom-panel');
      await panel.getByTestId('file-input').setInputFiles({
        name: 'stueckliste.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Pos;Bestellnummer;Menge\r\n1;${known};2\r\n2;${unknown};1\r\n`),
      });
      await page.getByTestId('bom-file-name').getByText('stueckliste.csv').waitFor();
      await panel.getByText('Die Stückliste ist noch nicht zugeordnet.').waitFor();

      // the side panel: the engine's suggestion pre-filled, Save maps and matches
      await panel.getByRole('button', { name: 'Zuordnen' }).click();
      const drawer = page.getByTestId('bom-mapping');
      await drawer.getByText('Vorschlag anhand der Spalten').waitFor();
      expect(await drawer.getByRole('combobox', { name: 'Bestellnummer' }).textContent()).toContain('Bestellnummer');
      expect(await drawer.getByRole('combobox', { name: 'Menge' }).textContent()).toContain('Menge');
      await drawer.getByRole('button', { name: 'Speichern' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await panel
        .getByTestId('bom-summary')
        .getByText(/Erfolgsquote: 50 %/)
        .waitFor();

      // the article table: one line not found, matched by hand
      await panel.getByRole('button', { name: 'Artikel der Stückliste' }).click();
      const table = page.getByRole('dialog', { name: 'Artikel der Stückliste' });
      const line = table.getByTestId('bom-line-3');
      await line.getByText('Artikel nicht gefunden').waitFor();
      await line.getByRole('button', { name: 'Artikel zuordnen' }).click();
      const match = page.getByRole('dialog', { name: 'Artikel manuell zuordnen' });
      await match
        .getByRole('textbox', { name: 'Bestell- oder Herstellernummer suchen' })
        .fill(replacement.toLowerCase());
      await match.getByRole('button', { name: new RegExp(replacement) }).click();
      await match.waitFor({ state: 'hidden' });
      await line.getByText('Manuell zugeordnet').waitFor();
      await line.getByText(`Katalog: ${replacement}`).waitFor();
      await table.getByTestId('bom-success-rate').getByText('Erfolgsquote: 100 %').waitFor();

      // on a phone: the table (full screen) and the side panel fit and pass axe (WCAG 2.1 AA)
      await page.setViewportSize({ width: 390, height: 844 });
      await nextPaint(page);
      expect(await axeViolations(page)).toEqual([]);
      expect((await sidewaysOverflow(page)).excess).toBeLessThanOrEqual(0);
      await table.getByRole('button', { name: 'Schließen' }).click();
      await table.waitFor({ state: 'hidden' });
      await panel.getByRole('button', { name: 'Zuordnen' }).click();
      await drawer.getByText('Gespeicherte Zuordnung').waitFor();
      await drawer.getByRole('combobox', { name: 'Menge' }).waitFor();
      await nextPaint(page);
      expect(await axeViolations(page)).toEqual([]);
      expect((await sidewaysOverflow(page)).excess).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
