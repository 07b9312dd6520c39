import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createImportConfig,
  csvFile,
  paddedCsvFile,
  waitForTask,
  waitUntilNoImportRuns,
} from '../../functions/src/modules/article-transfer/article-transfer-fixtures.js';
import { IMPORT_LOCK } from '../../functions/src/modules/article-transfer/article-transfer.repository.js';
import { createManufacturer, uniq } from '../../functions/src/modules/catalogue/catalogue-fixtures.js';
import {
  admin,
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { waitForDocument } from '../../functions/src/testing/wait-for-document.js';
import { getApps } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { defaultBucketName } from '../../functions/src/config.js';
import { FILE_MAX_BYTES } from '../../functions/src/model/files.js';
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

describe('issue 23: a file over 10 MB goes to Storage through the resumable session, from the browser', () => {
  it('uploads a 10,5 MB CSV in chunks with progress, resumes after a dropped connection, and the import finishes', async () => {
    const manufacturer = await createManufacturer(platformAdmin.token, { displayName: uniq('Rittal') });
    const config = await createImportConfig({ title: uniq('Rittal Großliste') });
    const prefix = uniq('RI').toUpperCase();
    // three articles padded with blank rows to just over the multipart limit (generated here, not committed)
    const bytes = paddedCsvFile(
      [1, 2, 3].map((i) => [
        `${prefix}-${i}`,
        '',
        manufacturer.displayName,
        'Schaltschrank',
        '99,50',
        '',
        '',
        '',
        '',
        '',
      ]),
      FILE_MAX_BYTES + 512 * 1024,
    );
    const file = join(tmpdir(), `${prefix}.csv`);
    await writeFile(file, bytes);
    await waitUntilNoImportRuns();

    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    // every text the import panel shows, in order (the upload is quick on loopback: read the log, not the screen)
    const shown: string[] = [];
    await page.exposeFunction('recordPanelText', (text: string) => shown.push(text));
    await page.addInitScript(() => {
      const record = (window as unknown as { recordPanelText: (t: string) => void }).recordPanelText;
      let last = '';
      new MutationObserver(() => {
        const text = document.getElementById('articles-import')?.closest('section')?.textContent ?? '';
        if (text !== last) record((last = text));
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // the network drops once, during the second chunk's PUT to Storage: Chrome's own request interception (not
    // page.route, which would answer the CORS preflights itself), so the emulator's real preflights are used
    const puts: string[] = [];
    let dropped = false;
    const cdp = await context.newCDPSession(page);
    cdp.on(
      'Fetch.requestPaused',
      (event: { requestId: string; request: { method: string; headers: Record<string, string> } }) => {
        const { method, headers } = event.request;
        const range = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-range')?.[1] ?? '';
        if (method === 'PUT') puts.push(range);
        if (method === 'PUT' && !dropped && range.startsWith(`bytes ${8 * 1024 * 1024}-`)) {
          dropped = true;
          void cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'ConnectionReset' });
        } else void cdp.send('Fetch.continueRequest', { requestId: event.requestId });
      },
    );
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/upload/storage/v1/b/*upload_id=*' }] });
    try {
      await login(page, platformAdmin.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${PORTAL}/article`);
      const importPanel = page.getByRole('region', { name: 'Artikelimport' });
      await importPanel.getByLabel('Importkonfiguration').click();
      await page.getByRole('option', { name: config.title }).click();
      await importPanel.getByLabel('Importdatei (.txt, .csv, .xlsx, .xls)').setInputFiles(file);
      await importPanel.getByRole('button', { name: 'Import starten' }).click();

      // the import starts once the upload is complete; the task ends and the panel (polling) shows the result
      const lock = await waitForDocument<{ taskId: string; configId: string; importId: string }>(
        admin().db.collection(IMPORT_LOCK.collection).doc(IMPORT_LOCK.id),
        (d) => !!d && d.configId === config.id,
      );
      expect((await waitForTask(lock.taskId))?.state).toBe('done');
      await importPanel.getByText('Angelegt: 3, aktualisiert: 0, fehlerhafte Zeilen: 0.').waitFor();

      // the chunks: 8 MiB, the rest cut off, the status query, the rest again from the confirmed offset
      const total = bytes.length;
      expect(puts).toEqual([
        `bytes 0-${8 * 1024 * 1024 - 1}/${total}`,
        `bytes ${8 * 1024 * 1024}-${total - 1}/${total}`,
        `bytes */${total}`,
        `bytes ${8 * 1024 * 1024}-${total - 1}/${total}`,
      ]);
      // the panel showed the bytes' percent rising, and the interruption
      const percents = shown
        .map((t) => /(\d+) % hochgeladen/.exec(t)?.[1])
        .filter((p): p is string => p !== undefined)
        .map(Number);
      // from 0 over the 8 MiB Storage confirmed (76 %) to all bytes; after the drop it falls back to the confirmed offset
      expect(percents[0]).toBe(0);
      expect(percents).toEqual(expect.arrayContaining([76, 100]));
      expect(shown.some((t) => t.includes('Die Verbindung wurde unterbrochen.'))).toBe(true);
      // the object Storage holds is the file, whole
      admin(); // initialises the tests' admin app
      const app = getApps().find((a) => a.name === 'api-tests')!;
      const [stored] = await getStorage(app)
        .bucket(defaultBucketName())
        .file(`articleImports/${lock.importId}/${prefix}.csv`)
        .getMetadata();
      expect(Number(stored.size)).toBe(total);

      await page.getByLabel('Bestellnummer (Enter)').fill(prefix);
      await page.getByLabel('Bestellnummer (Enter)').press('Enter');
      await page.getByRole('row', { name: new RegExp(`${prefix}-3`) }).waitFor();
      // the dropped PUT is the only console error: no CSP or CORS refusal on the way
      expect(errors.filter((e) => !/ERR_CONNECTION_RESET/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 150_000);
});
