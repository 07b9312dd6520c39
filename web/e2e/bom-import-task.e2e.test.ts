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

// Issue 24 in the browser, the admin import above the synchronous ceiling: a 5 001-row file (generated here) is
// imported in the background; the page shows the task's progress, then the result, which is in the history.
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let administrator: TestUser;
const known = uniq('E2E-BIT').toUpperCase();
const fileName = `${uniq('gross')}.csv`;
const LINES = 5001;

beforeAll(async () => {
  browser = await launchBrowser();
  const adminCompany = await createCompany('ADMIN', { name: 'Schrankwerk Großimport' });
  administrator = await createUser(adminCompany, { admin: true });
  await createArticle(administrator.token, { orderNumber: known, description: 'Klemme', listPrice: 1 });
});

afterAll(async () => {
  await browser?.close();
  await disposeClients();
});

/** Every line the catalogue article except the last, which is unknown. */
function bigCsv(): Buffer {
  const rows = ['Pos;Bestellnummer;Menge'];
  for (let i = 1; i <= LINES; i++) rows.push(`${i};${i === LINES ? `${known}-FREMD` : known};1`);
  return Buffer.from(rows.join('\r\n'));
}

describe('issue 24: a large admin BOM import in the browser', () => {
  it('an administrator imports 5 001 lines: progress in the background, then the result and the history', async () => {
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await page.setViewportSize({ width: 1400, height: 900 });
      await login(page, administrator.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${PORTAL}/import/stueckliste`);
      await page.getByRole('heading', { name: 'Stücklisten-Import' }).waitFor();
      await page
        .getByTestId('bom-import-file')
        .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: bigCsv() });
      await page.getByTestId('bom-import-file-name').getByText(fileName).waitFor();
      await page.getByRole('button', { name: 'Zuordnen' }).click();
      const drawer = page.getByTestId('bom-mapping');
      await drawer.getByRole('combobox', { name: 'Bestellnummer' }).waitFor();
      await drawer.getByRole('button', { name: 'Speichern' }).click();
      await drawer.waitFor({ state: 'hidden' });

      // the background import: its progress, then its result (the task's end is the event the page waits for)
      await page
        .getByTestId('bom-import-task')
        .getByText(/wird im Hintergrund importiert \(\d+ %\)/)
        .waitFor();
      const result = page.getByTestId('bom-import-result');
      await result.getByTestId('bom-success-rate').getByText('Erfolgsquote: 99,98 %').waitFor({ timeout: 120_000 });
      await page.getByTestId('bom-import-task').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Verlauf' }).click();
      await page
        .getByTestId('bom-import-history')
        .getByRole('row', { name: new RegExp(fileName) })
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
