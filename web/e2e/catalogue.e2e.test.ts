import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnit, createArticle, uniq } from '../../functions/src/modules/catalogue/catalogue-fixtures.js';
import {
  admin,
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { waitForDocument } from '../../functions/src/testing/wait-for-document.js';
import { launchBrowser, login, openPage, PORTAL } from './browser.js';

// Issue 22 in the browser: an administrator keeps the catalogue - a manufacturer with name variants, an article with
// alternatives found again by its order number, two units combined. Headless Chromium against the Hosting emulator.
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let platformAdmin: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  const company = await createCompany('ADMIN', { name: 'Schrankwerk GmbH' });
  platformAdmin = await createUser(company, { admin: true });
});

afterAll(async () => {
  await browser?.close();
  await disposeClients();
});

describe('issue 22: the catalogue in the browser', () => {
  it('manufacturer with variants, article with alternatives found by order number, two units combined', async () => {
    const manufacturer = uniq('Phoenix Contact');
    const orderNumber = uniq('3211757').toUpperCase();
    // unique, since the stack may hold the demo catalogue (its 'Stück' has the variant 'Stck.') from the seed test
    const stkVariant = uniq('Stck.');
    const [stueck, stk] = await Promise.all([
      createUnit(platformAdmin.token, { displayName: uniq('Stück') }),
      createUnit(platformAdmin.token, { displayName: uniq('Stk'), nameVariants: [stkVariant] }),
    ]);
    await createArticle(platformAdmin.token, { unitId: stk.id });
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await login(page, platformAdmin.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));

      // a manufacturer with two name variants
      await page.goto(`${PORTAL}/fieldvalues/manufacturer/new`);
      await page.getByLabel(/^Bezeichnung/).fill(manufacturer);
      await page.getByLabel('Kürzel').fill('PXC');
      await page.getByRole('textbox', { name: 'Link', exact: true }).fill('https://www.phoenixcontact.com');
      for (const variant of [`${manufacturer} GmbH`, `${manufacturer} GmbH & Co. KG`]) {
        await page.getByRole('textbox', { name: 'Namensvariante', exact: true }).fill(variant);
        await page.getByRole('textbox', { name: 'Namensvariante', exact: true }).press('Enter');
        await page.getByRole('button', { name: variant }).waitFor();
      }
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.waitForURL(`${PORTAL}/fieldvalues/manufacturer`);
      await page.getByRole('cell', { name: manufacturer, exact: true }).waitFor();

      // an article of it with an alternative order number
      await page.goto(`${PORTAL}/article/new`);
      await page.getByLabel('Hersteller', { exact: true }).click();
      await page.getByRole('option', { name: manufacturer }).click();
      await page.getByRole('textbox', { name: 'Bestellnummer', exact: true }).fill(orderNumber);
      await page.getByRole('textbox', { name: 'Beschreibung', exact: true }).fill('Durchgangsreihenklemme PT 2,5');
      await page.getByLabel('Listenpreis (EUR)').fill('1.12');
      await page.getByRole('textbox', { name: 'Alternative Bestellnummer', exact: true }).fill(`PT-${orderNumber}`);
      await page.getByRole('textbox', { name: 'Alternative Bestellnummer', exact: true }).press('Enter');
      await page.getByRole('button', { name: `PT-${orderNumber}` }).waitFor();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.waitForURL(`${PORTAL}/article`);

      // found by its order number (sent on Enter), with the manufacturer and the price in EUR
      await page.getByLabel('Bestellnummer (Enter)').fill(orderNumber.toLowerCase());
      await page.getByLabel('Bestellnummer (Enter)').press('Enter');
      const row = page.getByRole('row', { name: new RegExp(orderNumber) });
      await row.waitFor();
      expect(await row.textContent()).toContain(manufacturer);
      expect(await row.textContent()).toMatch(/1,12\s€/);

      // two units combined: the survivor takes the other's article and names
      await page.goto(`${PORTAL}/fieldvalues/unit`);
      await page.getByRole('button', { name: 'Zusammenführen' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Behalten').fill(stueck.displayName);
      await page.getByRole('option', { name: stueck.displayName }).click();
      await dialog.getByLabel('Zusammenführen mit').fill(stkVariant);
      await page.getByRole('option', { name: stk.displayName }).click();
      await dialog.getByRole('button', { name: 'Zusammenführen' }).click();
      await page.getByText('Die Einträge werden zusammengeführt.').waitFor();
      const survivor = await waitForDocument<{
        usedByArticleAmount: number;
        nameVariants: string[];
        busyTask?: string;
      }>(admin().db.collection('units').doc(stueck.id), (d) => !!d && !d.busyTask && d.usedByArticleAmount === 1);
      expect(survivor.nameVariants).toEqual([stk.displayName, stkVariant]);
      await page.reload();
      await page.getByRole('cell', { name: stueck.displayName, exact: true }).waitFor();
      expect(await page.getByRole('cell', { name: stk.displayName, exact: true }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
