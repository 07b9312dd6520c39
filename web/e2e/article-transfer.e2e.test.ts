import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImportConfig,
  csvFile,
  waitForTask,
  waitUntilNoImportRuns,
} from '../../functions/src/modules/article-transfer/article-transfer-fixtures.js';
import { IMPORT_LOCK } from '../../functions/src/modules/article-transfer/article-transfer.repository.js';
import { createManufacturer, uniq } from '../../functions/src/testing/catalogue-fixtures.js';
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

// Issue 23 in the browser: an administrator imports a small CSV with a configuration made in the test setup, watches
// it finish, finds the articles, and downloads an export. Headless Chromium against the Hosting emulator.
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

describe('issue 23: article import and export in the browser', () => {
  it('imports a CSV with a configuration, the articles appear; an export of them downloads', async () => {
    const manufacturer = await createManufacturer(platformAdmin.token, { displayName: uniq('Weidmüller') });
    const config = await createImportConfig({ title: uniq('Weidmüller Preisliste') });
    const prefix = uniq('WM').toUpperCase();
    const file = join(tmpdir(), `${prefix}.csv`);
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(
        file,
        csvFile([
          [`${prefix}-1`, '', manufacturer.displayName, 'Reihenklemme', '1,20', '', '', '', '', ''],
          [`${prefix}-2`, '', manufacturer.displayName, 'Brücke', '0,80', '', '', '', '', ''],
        ]),
      ),
    );
    await waitUntilNoImportRuns();
    const context = await browser.newContext({ acceptDownloads: true });
    const { page, errors } = await openPage(context);
    try {
      await login(page, platformAdmin.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${PORTAL}/article`);

      const importPanel = page.getByRole('region', { name: 'Artikelimport' });
      await importPanel.getByLabel('Importkonfiguration').click();
      await page.getByRole('option', { name: config.title }).click();
      await importPanel.getByLabel('Importdatei (.txt, .csv, .xlsx, .xls)').setInputFiles(file);
      await importPanel.getByRole('button', { name: 'Import starten' }).click();

      // the task ends; the panel (polling while it runs) shows the result
      const lock = await waitForDocument<{ taskId: string; configId: string }>(
        admin().db.collection(IMPORT_LOCK.collection).doc(IMPORT_LOCK.id),
        (d) => !!d && d.configId === config.id,
      );
      await waitForTask(lock.taskId);
      await importPanel.getByText('Angelegt: 2, aktualisiert: 0, fehlerhafte Zeilen: 0.').waitFor();

      // the articles are in the list
      await page.getByLabel('Bestellnummer (Enter)').fill(prefix);
      await page.getByLabel('Bestellnummer (Enter)').press('Enter');
      await page.getByRole('row', { name: new RegExp(`${prefix}-1`) }).waitFor();
      await page.getByRole('row', { name: new RegExp(`${prefix}-2`) }).waitFor();

      // an export of the manufacturer downloads directly
      const exportPanel = page.getByRole('region', { name: 'Artikelexport' });
      await exportPanel.getByLabel('Hersteller').click();
      await page.getByRole('option', { name: manufacturer.displayName }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        exportPanel.getByRole('button', { name: 'Exportieren' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Artikelexport-.*\.csv$/);
      const saved = join(tmpdir(), `${prefix}-export.csv`);
      await download.saveAs(saved);
      const text = (await readFile(saved)).toString('utf8');
      expect(text.startsWith('\uFEFF"orderNumber"')).toBe(true);
      expect(text).toContain(`"${prefix}-1"`);
      expect(text).toContain(`"${prefix}-2"`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
