import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, seedIfEmpty } from '../../functions/src/seed/seed.js';
import { DEMO_ENQUIRY_TITLES } from '../../functions/src/modules/enquiries/enquiries.seed.js';
import { DEMO_OFFER_NUMBERS } from '../../functions/src/modules/offers/offers.seed.js';
import { get } from '../../functions/src/testing/api-client.js';
import { resetAll } from '../../functions/src/testing/emulator-reset.js';
import { disposeClients, signIn } from '../../functions/src/testing/fixtures.js';
import { launchBrowser, login, openPage, PORTAL } from './browser.js';

// Issue 32.4 in Chromium with the real pdf.js against the seeded stack: the customer reads the circuit diagram of
// his released enquiry in the in-page viewer (three sheets: turn, zoom, download), the supplier his offer PDF on a
// phone, a damaged PDF says so, and a user without read permission gets no file from the call the viewer uses.
// Every page checks that it logged no console error: a CSP violation (worker, fonts, canvas) is one.
const CUSTOMER = 'kunde@mueller-maschinenbau.de';
const SUPPLIER = 'lieferant@weber-schaltanlagen.de';
const OTHER_SUPPLIER = 'vertrieb@schaltbau-nord.de';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;

beforeAll(async () => {
  await resetAll();
  await seedIfEmpty();
  browser = await launchBrowser();
});
beforeEach(async () => {
  context = await browser.newContext();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
  await disposeClients();
});

/**
 * A page that records console errors. Its waits are bounded at 60 s instead of 20: the first visit of a record page
 * asks for several folders, the chat and the BOM at once, and on a busy machine the Functions emulator's cold starts
 * of a worker per parallel call take longer than 20 s (a bound of waits that never end, nothing waits on it).
 */
async function open(): Promise<Awaited<ReturnType<typeof openPage>>> {
  const opened = await openPage(context);
  opened.page.setDefaultTimeout(60_000);
  return opened;
}

/** The requests of the page whose path matches (pdf.js' chunk and worker, the file call). */
function requests(page: Page, pattern: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (pattern.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

/** How many of the canvas' pixels are painted darker than white (0: nothing drawn). */
function inkOf(canvas: Locator): Promise<number> {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) ink++;
    return ink;
  });
}

async function cssWidth(canvas: Locator): Promise<number> {
  return (await canvas.boundingBox())!.width;
}

/** A bound for a whole browser flow on a busy machine (sign-in, a record page's cold calls, pdf.js' first load). */
const FLOW = { timeout: 180_000 };

describe('the in-page PDF viewer', () => {
  it(
    'customer: the circuit diagram of three sheets - page 1 of 3, next, zoom, fit, download; pdf.js loads only then',
    FLOW,
    async () => {
      const { page, errors } = await open();
      await page.setViewportSize({ width: 1280, height: 900 });
      const pdfjs = requests(page, /\/assets\/pdf(\.worker\.min)?-[^/]+\.m?js$/);
      const fileCalls = requests(page, /^\/api\/file\/$/);
      await login(page, CUSTOMER, DEMO_PASSWORD);
      await page.waitForURL(/\/enquiry$/);
      await page.getByLabel('Suche').fill('Schweißroboterzelle');
      await page
        .getByTestId('list-row')
        .filter({ hasText: DEMO_ENQUIRY_TITLES.released })
        .getByRole('button', { name: 'Anzeigen' })
        .click();
      const documents = page.getByRole('region', { name: 'Dokumente' });
      await documents.getByRole('button', { name: 'Schaltplan.pdf ansehen' }).waitFor();
      expect(pdfjs).toEqual([]);

      await documents.getByRole('button', { name: 'Schaltplan.pdf ansehen' }).click();
      const viewer = page.getByRole('dialog', { name: 'Schaltplan.pdf' });
      await viewer.getByText('Seite 1 von 3').waitFor();
      const sheet = viewer.getByRole('img', { name: 'Seite 1 von 3' });
      await expect.poll(() => inkOf(sheet)).toBeGreaterThan(1000);
      expect(pdfjs.some((u) => /pdf\.worker\.min-/.test(u))).toBe(true);
      // pdf.js runs in its module worker (the CSP and the served type let it start; else it would parse on this thread)
      expect(page.workers().some((w) => /\/assets\/pdf\.worker\.min-[^/]+\.mjs$/.test(w.url()))).toBe(true);
      expect(fileCalls).toHaveLength(1);
      expect(await viewer.getByRole('button', { name: 'Vorherige Seite' }).isDisabled()).toBe(true);

      await viewer.getByRole('button', { name: 'Nächste Seite' }).click();
      await viewer.getByText('Seite 2 von 3').waitFor();
      await viewer.getByRole('img', { name: 'Seite 2 von 3' }).waitFor();
      const fitted = await cssWidth(viewer.getByTestId('pdf-page'));
      const fittedPercent = await viewer.getByText(/^\d+ %$/).textContent();

      await viewer.getByRole('button', { name: 'Vergrößern' }).click();
      await expect.poll(() => cssWidth(viewer.getByTestId('pdf-page'))).toBeGreaterThan(fitted * 1.2);
      expect(await viewer.getByText(/^\d+ %$/).textContent()).not.toBe(fittedPercent);
      // the zoomed sheet is wider than the view: it scrolls inside the viewer, the page does not
      const view = viewer.getByRole('region', { name: 'PDF-Ansicht' });
      expect(await view.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await viewer.getByRole('button', { name: 'An Breite anpassen' }).click();
      await expect.poll(() => cssWidth(viewer.getByTestId('pdf-page'))).toBe(fitted);

      // keys: End to the last sheet
      await view.focus();
      await page.keyboard.press('End');
      await viewer.getByText('Seite 3 von 3').waitFor();
      expect(await viewer.getByRole('button', { name: 'Nächste Seite' }).isDisabled()).toBe(true);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        viewer.getByRole('button', { name: 'Herunterladen' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Schaltplan.pdf');
      // the viewer saves the bytes it shows: one call to the file, like one download
      expect(fileCalls).toHaveLength(1);

      await viewer.getByRole('button', { name: 'Schließen' }).click();
      await viewer.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    },
  );

  it('supplier on a phone: his offer PDF full screen, next disabled on its one page, zoom in', FLOW, async () => {
    const { page, errors } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, SUPPLIER, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${PORTAL}/offer`);
    await page.getByLabel('Suche').fill(DEMO_OFFER_NUMBERS.open);
    await page
      .getByTestId('list-row')
      .filter({ hasText: DEMO_OFFER_NUMBERS.open })
      .getByRole('button', { name: 'Anzeigen' })
      .click();
    const view = page.getByRole('region', { name: 'Dokumente' }).getByRole('button', { name: 'Angebot.pdf ansehen' });
    await view.click();
    const viewer = page.getByRole('dialog', { name: 'Angebot.pdf' });
    await viewer.getByText('Seite 1 von 1').waitFor();
    await expect.poll(() => inkOf(viewer.getByTestId('pdf-page'))).toBeGreaterThan(100);
    // full screen, and the fitted page takes the phone's width without sideways scrolling
    expect((await viewer.boundingBox())!.width).toBe(390);
    expect(
      await viewer.getByRole('region', { name: 'PDF-Ansicht' }).evaluate((el) => el.scrollWidth <= el.clientWidth),
    ).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Nächste Seite' }).isDisabled()).toBe(true);
    const fitted = await cssWidth(viewer.getByTestId('pdf-page'));
    await viewer.getByRole('button', { name: 'Vergrößern' }).click();
    await expect.poll(() => cssWidth(viewer.getByTestId('pdf-page'))).toBeGreaterThan(fitted);
    await viewer.getByRole('button', { name: 'Schließen' }).click();
    expect(errors).toEqual([]);
  });

  it(
    'a damaged PDF (it passed the upload check) says that it is no readable PDF and can still be downloaded',
    FLOW,
    async () => {
      const { page, errors } = await open();
      await page.setViewportSize({ width: 1280, height: 900 });
      await login(page, CUSTOMER, DEMO_PASSWORD);
      await page.waitForURL(/\/enquiry$/);
      await page.getByLabel('Suche').fill('Verpackungslinie');
      await page
        .getByTestId('list-row')
        .filter({ hasText: DEMO_ENQUIRY_TITLES.draft })
        .getByRole('button', { name: 'Anzeigen' })
        .click();
      const documents = page.getByRole('region', { name: 'Dokumente' });
      const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
      await documents
        .getByTestId('file-input')
        .setInputFiles({ name: 'beschaedigt.pdf', mimeType: 'application/pdf', buffer: damaged });
      await page.getByText('beschaedigt.pdf wurde hochgeladen.').waitFor();
      await documents.getByRole('button', { name: 'beschaedigt.pdf ansehen' }).click();
      const viewer = page.getByRole('dialog', { name: 'beschaedigt.pdf' });
      await viewer
        .getByText(
          'Die Datei ist kein lesbares PDF und kann hier nicht angezeigt werden. Sie können sie herunterladen.',
        )
        .waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        viewer.getByRole('button', { name: 'Herunterladen' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('beschaedigt.pdf');
      expect(errors).toEqual([]);
    },
  );

  it("without read permission the viewer's call gives no file: another supplier's offer PDF is 404", async () => {
    const weber = await signIn(SUPPLIER, DEMO_PASSWORD);
    const offers = await get('/offer/filter', { token: weber, query: { paginationSize: '30' } });
    const offerId = (offers.body.content as { id: string; offerNumber: string }[]).find(
      (o) => o.offerNumber === DEMO_OFFER_NUMBERS.open,
    )!.id;
    const path = `offers/${offerId}/documents/Angebot.pdf`;
    const own = await get('/file/', { token: weber, query: { path } });
    expect(own.status).toBe(200);
    expect(own.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the headers stay the download's: an attachment, sandboxed, never cached
    expect(own.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(own.headers.get('content-security-policy')).toContain('sandbox');
    expect(own.headers.get('cache-control')).toContain('no-store');

    const nord = await signIn(OTHER_SUPPLIER, DEMO_PASSWORD);
    const refused = await get('/file/', { token: nord, query: { path } });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'notFound' });
    expect(refused.bytes.includes('%PDF-')).toBe(false);
    expect((await get('/file/', { query: { path } })).status).toBe(401);
  });
});
