import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle, uniq } from '../../functions/src/modules/catalogue/catalogue-fixtures.js';
import {
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { launchBrowser, login, openPage, PORTAL } from './browser.js';

// Issue 24 in the browser: an administrator runs a BOM import on /import/stueckliste, sees success rate and estimate,
// fixes a line by manual match, edits a line's catalogue article in the side panel and sees the line matched again,
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
  it('an administrator fixes a line by manual match, edits the matched article from a line and sees it re-matched', async () => {
    const replacement = uniq('E2E-BI-ERSATZ').toUpperCase();
    await createArticle(administrator.token, { orderNumber: replacement, description: 'Ersatzschütz', listPrice: 10 });
    const other = uniq('E2E-BI-FREMD').toUpperCase();
    const name = `${uniq('abgleich')}.csv`;
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await page.setViewportSize({ width: 1400, height: 900 });
      await login(page, administrator.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${PORTAL}/import/stueckliste`);
      await page.getByRole('heading', { name: 'Stücklisten-Import' }).waitFor();
      await page.getByTestId('bom-import-file').setInputFiles({
        name,
        mimeType: 'text/csv',
        buffer: Buffer.from(`Pos;Bestellnummer;Menge\r\n1;${known};2\r\n2;${other};1\r\n`),
      });
      await page.getByTestId('bom-import-file-name').getByText(name).waitFor();
      await page.getByRole('button', { name: 'Zuordnen' }).click();
      const drawer = page.getByTestId('bom-mapping');
      await drawer.getByRole('combobox', { name: 'Bestellnummer' }).waitFor();
      await drawer.getByRole('button', { name: 'Speichern' }).click();
      await drawer.waitFor({ state: 'hidden' });
      const result = page.getByTestId('bom-import-result');
      await result.getByTestId('bom-success-rate').getByText('Erfolgsquote: 50 %').waitFor();

      // the line not found: matched by hand through the article search
      await result.getByTestId('bom-line-3').getByRole('button', { name: 'Artikel zuordnen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Artikel manuell zuordnen' });
      await dialog.getByLabel('Bestell- oder Herstellernummer suchen').fill(replacement);
      await dialog.getByRole('button', { name: new RegExp(replacement) }).click();
      await page.getByText('Die Position wurde gespeichert.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await result.getByTestId('bom-success-rate').getByText('Erfolgsquote: 100 %').waitFor();
      await result.getByTestId('bom-line-3').getByText('Ersatzschütz').waitFor();
      // 2 × 50 € + 1 × 10 €: 102–130 %
      await result
        .getByTestId('bom-import-estimate')
        .getByText(/112,20\s€ – 143,00\s€/)
        .waitFor();
      // the list of replaced articles
      await result.getByLabel('Ersetzte Artikel').check();
      await result.getByTestId('bom-line-2').waitFor({ state: 'detached' });
      await result.getByTestId('bom-line-3').waitFor();
      await result.getByLabel('Ersetzte Artikel').uncheck();

      // the matched article of line 2 edited in the side panel with the catalogue's form: the line is matched again
      await result.getByTestId('bom-line-2').getByRole('button', { name: 'Artikel bearbeiten' }).click();
      const panel = page.getByTestId('bom-import-article');
      await panel.getByRole('heading', { name: 'Artikel bearbeiten' }).waitFor();
      // the form shows once the article is loaded (a progress bar before)
      const description = panel.getByLabel('Beschreibung');
      await description.waitFor();
      expect(await description.inputValue()).toBe('Schütz 3 kW');
      await description.fill('Schütz 4 kW');
      await panel.getByLabel('Listenpreis (EUR)').fill('60');
      await panel.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Die Position wurde mit dem geänderten Artikel neu abgeglichen.').waitFor();
      await panel.waitFor({ state: 'detached' });
      await result.getByTestId('bom-line-2').getByText('Schütz 4 kW').waitFor();
      // 2 × 60 € + 1 × 10 €
      await result
        .getByTestId('bom-import-estimate')
        .getByText(/132,60\s€ – 169,00\s€/)
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
