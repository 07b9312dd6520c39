import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle, uniq } from '../../functions/src/testing/catalogue-fixtures.js';
import {
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { launchBrowser, login, openPage, PORTAL } from './browser.js';

// Issue 24 in the browser: an administrator runs a BOM import on /import/stueckliste, sees success rate and estimate,
// and finds the import in the history, where he deletes it. Headless Chromium against the Hosting emulator.
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let administrator: TestUser;
const known = uniq('E2E-BI').toUpperCase();
const unknown = uniq('E2E-BI-FREMD').toUpperCase();
const fileName = `${uniq('import')}.csv`;

beforeAll(async () => {
  browser = await launchBrowser();
  const adminCompany = await createCompany('ADMIN', { name: 'Schrankwerk Import' });
  administrator = await createUser(adminCompany, { admin: true });
  await createArticle(administrator.token, { orderNumber: known, description: 'Schütz 3 kW', listPrice: 50 });
});

afterAll(async () => {
  await browser?.close();
  await disposeClients();
});

describe('issue 24: the admin BOM import in the browser', () => {
  it('an administrator imports a BOM, sees the result and finds it in the history', async () => {
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await page.setViewportSize({ width: 1400, height: 900 });
      await login(page, administrator.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${PORTAL}/import/stueckliste`);
      await page.getByRole('heading', { name: 'Stücklisten-Import' }).waitFor();
      await page.getByTestId('bom-import-file').setInputFiles({
        name: fileName,
        mimeType: 'text/csv',
        buffer: Buffer.from(`Pos;Bestellnummer;Menge\r\n1;${known};2\r\n2;${unknown};1\r\n`),
      });
      await page.getByTestId('bom-import-file-name').getByText(fileName).waitFor();
      await page.getByRole('button', { name: 'Zuordnen' }).click();

      const drawer = page.getByTestId('bom-mapping');
      await drawer.getByRole('combobox', { name: 'Bestellnummer' }).waitFor();
      expect(await drawer.getByRole('combobox', { name: 'Menge' }).textContent()).toContain('Menge');
      await drawer.getByRole('button', { name: 'Speichern' }).click();
      await drawer.waitFor({ state: 'hidden' });

      const result = page.getByTestId('bom-import-result');
      await result.getByTestId('bom-success-rate').getByText('Erfolgsquote: 50 %').waitFor();
      // 2 × 50 €: 102–130 %
      await result
        .getByTestId('bom-import-estimate')
        .getByText(/102,00\s€ – 130,00\s€/)
        .waitFor();
      await result.getByTestId('bom-line-2').getByText(known).waitFor();

      await page.getByRole('button', { name: 'Verlauf' }).click();
      const history = page.getByTestId('bom-import-history');
      const row = history.getByRole('row', { name: new RegExp(fileName) });
      await row.waitFor();
      await row.getByRole('button', { name: 'Löschen' }).click();
      await page.getByText(`Soll der Import ${fileName} mit seinen Zeilen gelöscht werden?`).waitFor();
      await page.getByRole('button', { name: 'Ja' }).click();
      await page.getByText('Der Import wurde gelöscht.').waitFor();
      await row.waitFor({ state: 'detached' });
      await result.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
