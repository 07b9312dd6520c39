import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  waitForTask,
  waitUntilNoImportRuns,
} from '../../functions/src/modules/article-transfer/article-transfer-fixtures.js';
import { IMPORT_LOCK } from '../../functions/src/modules/article-transfer/article-transfer.repository.js';
import { get } from '../../functions/src/testing/api-client.js';
import { waitForDocument } from '../../functions/src/testing/wait-for-document.js';
import { createManufacturer, createUnit, uniq } from '../../functions/src/modules/catalogue/catalogue-fixtures.js';
import {
  admin,
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { launchBrowser, login, openPage, PORTAL } from './browser.js';

// Issue 23 in the browser: an administrator creates an import configuration from a sample file, maps its columns
// (prefilled by the engine's suggestion), saves it, finds it in the list and deletes it. Headless Chromium against
// the Hosting emulator.
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

const DATANORM5 = new URL(
  '../../functions/src/modules/article-transfer/formats/fixtures/DATANORM5.001',
  import.meta.url,
);

const SAMPLE = [
  'Preisliste 2026;;;;',
  'Art.-Nr.;Typ;Bezeichnung;Listenpreis EUR;Gewicht (g)',
  '3211757;PT 2,5;Durchgangsreihenklemme;1,23;7,4',
  '3211760;PT 4;Durchgangsreihenklemme;1,58;9,1',
].join('\r\n');

describe('issue 23: import configurations in the browser', () => {
  it('creates a configuration from a sample file, maps columns, saves, finds it in the list, deletes it', async () => {
    const manufacturer = await createManufacturer(platformAdmin.token, { displayName: uniq('Phoenix Contact') });
    const title = uniq('Preisliste');
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await login(page, platformAdmin.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${PORTAL}/import/config`);
      await page.getByRole('heading', { name: 'Importkonfigurationen' }).waitFor();
      await page
        .getByRole('button', { name: /Hinzufügen|Neu/ })
        .first()
        .click();
      await page.waitForURL(`${PORTAL}/import/config/new`);

      await page.getByLabel('Hersteller', { exact: true }).click();
      await page.getByRole('option', { name: manufacturer.displayName }).click();
      await page.getByLabel(/^Titel/).fill(title);
      await page.getByLabel(/^Beschreibung/).fill('Monatliche Preisliste');
      // the header is in row 2: first the file at the default row 1 (the title line), then the header row updated
      await page.getByTestId('file-input').setInputFiles({
        name: 'preisliste.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(SAMPLE, 'utf8'),
      });
      await page.getByText('Datei: preisliste.csv').waitFor();
      await page.getByLabel(/^Kopfzeile/).fill('2');
      await page.getByRole('button', { name: 'Kopfzeile aktualisieren' }).click();
      const orderColumn = page.getByRole('combobox', { name: 'Spalte 1: Art.-Nr.' });
      await orderColumn.waitFor();
      // prefilled by the suggestion
      await expect.poll(() => orderColumn.textContent()).toContain('Bestellnummer');
      // map the type column to the manufacturer number by hand
      await page.getByRole('combobox', { name: 'Spalte 2: Typ' }).click();
      await page.getByRole('option', { name: 'Herstellernummer', exact: true }).click();
      await page.getByLabel('Einheit Gewicht').click();
      await page.getByRole('option', { name: 'G', exact: true }).click();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.waitForURL(`${PORTAL}/import/config`);

      const row = page.getByRole('row', { name: new RegExp(title) });
      await row.waitFor();
      expect(await row.textContent()).toContain(manufacturer.displayName);
      const stored = await admin().db.collection('importConfigs').where('title', '==', title).get();
      expect(stored.docs).toHaveLength(1);
      const config = stored.docs[0]!.data();
      expect(config).toMatchObject({ headerRowIndex: 2, unitWeight: 'G', filename: 'preisliste.csv' });
      expect(config.fieldMapping).toEqual(
        expect.arrayContaining([
          { columnIndex: 0, importHeader: 'Art.-Nr.', articleField: 'orderNumber' },
          { columnIndex: 1, importHeader: 'Typ', articleField: 'manufacturerNumber' },
        ]),
      );

      await row.getByRole('checkbox').check();
      await page
        .getByTestId('context-bar')
        .getByRole('button', { name: /Löschen/ })
        .click();
      await page.getByText('Soll die ausgewählte Importkonfiguration gelöscht werden?').waitFor();
      await page.getByRole('button', { name: 'Ja' }).click();
      await page.getByText('Die Importkonfigurationen wurden gelöscht.').waitFor();
      await row.waitFor({ state: 'detached' });
      expect((await admin().db.collection('importConfigs').doc(stored.docs[0]!.id).get()).exists).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('DATANORM: a configuration without sample or mapping, then a DATANORM 5 file imported on /article', async () => {
    const manufacturer = await createManufacturer(platformAdmin.token, { displayName: uniq('ABB') });
    for (const name of ['Stk', 'm', 'ST']) {
      const found = await get('/unit/name', { token: platformAdmin.token, query: { name } });
      if (!(found.status === 200 && found.body)) await createUnit(platformAdmin.token, { displayName: name });
    }
    const title = uniq('DATANORM Süd');
    await waitUntilNoImportRuns();
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await login(page, platformAdmin.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${PORTAL}/import/config/new`);
      await page.getByLabel('Dateiformat').click();
      await page.getByRole('option', { name: 'DATANORM 4 oder 5' }).click();
      await page.getByTestId('source-format-hint').waitFor();
      expect(await page.getByText('Spaltenzuordnung', { exact: true }).count()).toBe(0);
      await page.getByLabel('Hersteller', { exact: true }).click();
      await page.getByRole('option', { name: manufacturer.displayName }).click();
      await page.getByLabel(/^Titel/).fill(title);
      await page.getByLabel(/^Beschreibung/).fill('Artikelstammdaten im DATANORM-Format');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.waitForURL(`${PORTAL}/import/config`);
      await page.getByRole('row', { name: new RegExp(title) }).waitFor();
      const stored = await admin().db.collection('importConfigs').where('title', '==', title).get();
      expect(stored.docs[0]!.data()).toMatchObject({ sourceFormat: 'DATANORM', fieldMapping: [], headers: [] });

      await page.goto(`${PORTAL}/article`);
      const importPanel = page.getByRole('region', { name: 'Artikelimport' });
      await importPanel.getByLabel('Importkonfiguration').click();
      await page.getByRole('option', { name: title }).click();
      await importPanel.getByLabel('Importdatei (DATANORM.001 … .999, DATPREIS.001, DATANORM.RAB)').setInputFiles({
        name: 'DATANORM5.001',
        mimeType: 'application/octet-stream',
        buffer: await readFile(DATANORM5),
      });
      await importPanel.getByRole('button', { name: 'Import starten' }).click();
      const lock = await waitForDocument<{ taskId: string; configId: string }>(
        admin().db.collection(IMPORT_LOCK.collection).doc(IMPORT_LOCK.id),
        (d) => !!d && d.configId === stored.docs[0]!.id,
      );
      await waitForTask(lock.taskId);
      await importPanel.getByText(/fehlerhafte Zeilen: 0\./).waitFor();
      const article = await admin().db.collection('articles').where('orderNumber', '==', 'DN5-2002').get();
      // 159.00 per 100 m, as the file states it (the catalogue's price rule)
      expect(article.docs[0]!.data()).toMatchObject({
        manufacturerId: manufacturer.id,
        purchasePrice: 159,
        priceUnitSize: 100,
      });
      expect(errors).toEqual([]);
      // a spreadsheet for the DATANORM configuration: the 417 text names DATANORM's files
      await importPanel.getByLabel('Importdatei (DATANORM.001 … .999, DATPREIS.001, DATANORM.RAB)').setInputFiles({
        name: 'preise.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Bestellnummer;Preis\r\n1;2\r\n'),
      });
      await importPanel.getByRole('button', { name: 'Import starten' }).click();
      await page.getByText(/Bitte laden Sie eine DATANORM-Datei hoch/).waitFor();
      // the browser logs the refused request itself; nothing else
      expect(errors.filter((e) => !/status of 417/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
