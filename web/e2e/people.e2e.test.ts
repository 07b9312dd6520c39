import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Enquiry } from '../../functions/src/model/enquiry.js';
import { storeEnquiry } from '../../functions/src/modules/enquiries/enquiries-fixtures.js';
import {
  admin,
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { storeOffer } from '../../functions/src/modules/offers/offers-fixtures.js';
import { launchBrowser, login, nextPaint, openPage, PORTAL, shownDay, signInHere, typeDay } from './browser.js';

// Issue 19 in the browser: the core flow as people meet it - a mail link opened signed out leads through the
// sign-in to the record; a title that looks like a timestamp stays a title; a German date typed in a browser with an
// English UI; the customer accepts an offer on a phone with the action in view on load. Headless Chromium against
// the Hosting emulator; every scenario makes its own companies and records (firebase-admin).
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let customer: TestUser;
let supplier: TestUser;

const PHONE = { width: 390, height: 844 };
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x20), Buffer.from('\n%%EOF\n')]);

beforeAll(async () => {
  browser = await launchBrowser();
  const [customerCompany, supplierCompany] = await Promise.all([
    createCompany('CUSTOMER', { name: 'Müller Maschinenbau GmbH' }),
    createCompany('SUPPLIER', { name: 'Elektro Schaltanlagen Weber GmbH' }),
  ]);
  [customer, supplier] = await Promise.all([
    createUser(customerCompany, { admin: true, signIn: false }),
    createUser(supplierCompany, { admin: true, signIn: false }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await disposeClients();
});

/** A released enquiry of the customer with a released offer of the supplier at 12.345,67 €. */
async function releasedOffer(): Promise<{ enquiry: Enquiry; offerId: string; offerNumber: string }> {
  const enquiry = await storeEnquiry(customer, { released: true });
  const offer = await storeOffer(supplier, enquiry, { released: true, price: 12_345.67 });
  return { enquiry, offerId: offer.id, offerNumber: offer.offerNumber };
}

/** How far the page is wider than the screen (0 or less: no sideways scrolling). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('issue 19: the core flow as people meet it', () => {
  it('a mail link to an offer, opened signed out: the sign-in, then exactly that offer', async () => {
    const { offerId } = await releasedOffer();
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await page.goto(`${PORTAL}/offer/${offerId}?von=mail`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/offer/${offerId}?von=mail`);
      // the sign-in page, not the coming-soon placeholder
      expect(await page.getByText('Dieser Bereich folgt in Kürze.').count()).toBe(0);
      await signInHere(page, customer.mail, PASSWORD);
      await page.waitForURL((url) => url.pathname === `/offer/${offerId}` && url.search === '?von=mail');
      await page.getByRole('heading', { level: 1, name: 'Angebot ansehen' }).waitFor();
      expect((await page.getByTestId('summary-price').textContent())?.replace(/\s/g, ' ')).toBe('12.345,67 €');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an enquiry titled like a timestamp opens, edits and lists with its title', async () => {
    const title = '2026-01-01T00:00:00.000Z';
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, customer.mail, PASSWORD);
      await page.waitForURL(/\/enquiry$/);
      await page.getByRole('button', { name: 'Hinzufügen' }).click();
      await page.waitForURL(/\/enquiry\/new$/);
      await page.getByLabel('Titel').fill(title);
      await page.getByLabel('Referenznummer').fill('E2E-ZEIT-1');
      await page.getByRole('combobox', { name: /^Lieferbedingung/ }).click();
      await page.getByRole('option', { name: 'EXW – ab Werk', exact: true }).click();
      await typeDay(page, /^Wunschliefertermin/, '30062027');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.waitForURL(/\/enquiry\/(?!new)[^/]+$/);
      await page.getByRole('heading', { name: 'Anfrage bearbeiten' }).waitFor();
      expect(await page.getByLabel('Titel').inputValue()).toBe(title);

      // opened again from scratch: the page, not the error page
      await page.reload();
      await page.getByRole('heading', { name: 'Anfrage bearbeiten' }).waitFor();
      expect(await page.getByLabel('Titel').inputValue()).toBe(title);
      expect(await page.getByText('Es ist ein Fehler aufgetreten').count()).toBe(0);

      // the list shows the title as written, not as a date
      await page.goto(`${PORTAL}/enquiry`);
      await page.getByTestId('list-row').filter({ hasText: title }).waitFor();
      expect(await page.getByText('01.01.2026 01:00').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a browser with an English UI: 15032027 typed the German way is saved as 15.03.2027', async () => {
    const draft = await storeEnquiry(customer, { desiredDeliveryDate: '2027-01-10' });
    const context = await browser.newContext({ locale: 'en-US' });
    const { page, errors } = await openPage(context);
    try {
      await login(page, customer.mail, PASSWORD);
      await page.waitForURL(/\/enquiry$/);
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      await page.goto(`${PORTAL}/enquiry/${draft.id}`);
      await page.getByRole('heading', { name: 'Anfrage bearbeiten' }).waitFor();
      // German order whatever the browser's language
      expect(await shownDay(page, 'desiredDeliveryDate')).toBe('10.01.2027');
      await typeDay(page, /^Wunschliefertermin/, '15032027');
      expect(await shownDay(page, 'desiredDeliveryDate')).toBe('15.03.2027');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Die Anfrage wurde gespeichert.').waitFor();
      const stored = await admin().db.collection('enquiries').doc(draft.id).get();
      expect(stored.get('desiredDeliveryDate')).toBe('2027-03-15');
      await page.reload();
      await page.getByRole('heading', { name: 'Anfrage bearbeiten' }).waitFor();
      expect(await shownDay(page, 'desiredDeliveryDate')).toBe('15.03.2027');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the customer accepts an offer on a phone: the action is in view on load, no scrolling', async () => {
    const { offerId, offerNumber } = await releasedOffer();
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
    const { page, errors } = await openPage(context);
    try {
      await login(page, customer.mail, PASSWORD);
      await page.waitForURL(/\/enquiry$/);
      await page.goto(`${PORTAL}/offer/${offerId}`);
      await page.getByRole('heading', { level: 1, name: 'Angebot ansehen' }).waitFor();
      const accept = page.getByRole('toolbar', { name: 'Aktionen' }).getByRole('button', { name: 'Annehmen' });
      await accept.waitFor();
      await nextPaint(page);
      // in the viewport as the page loaded: nothing scrolled, the button entirely on screen
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const box = (await accept.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      await accept.click();
      const dialog = page.getByRole('dialog', { name: 'Angebot annehmen' });
      await dialog.getByText('Erlaubte Formate: pdf', { exact: false }).waitFor();
      await dialog
        .getByTestId('file-input')
        .setInputFiles({ name: 'bestellung-telefon.pdf', mimeType: 'application/pdf', buffer: PDF });
      await dialog.getByText('Bestellung vorhanden: bestellung-telefon.pdf').waitFor();
      await dialog.getByRole('button', { name: 'Annehmen' }).click();
      await page.waitForURL(/\/order$/);
      // the order list on a phone: a card with the number and its state
      await page.getByTestId('list-row').filter({ hasText: offerNumber }).getByTestId('state-ACCEPTED').waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
