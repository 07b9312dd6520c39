import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, seedIfEmpty } from '../../functions/src/seed/seed.js';
import { DEMO_ENQUIRY_TITLES } from '../../functions/src/modules/enquiries/enquiries.seed.js';
import { DEMO_OFFER_NUMBERS } from '../../functions/src/modules/offers/offers.seed.js';
import { resetAll } from '../../functions/src/testing/emulator-reset.js';
import { disposeClients } from '../../functions/src/testing/fixtures.js';
import { fitsPhone, launch, login, logout, openPage, PORTAL } from './browser.js';

// Issue 9 in the browser, across two demo accounts: the comparison view with two suppliers' offers; a declined
// offer revised into version 2; the core flow supplier offer with PDF -> release -> customer accepts with an
// order PDF -> supplier confirms -> the job in both job lists. The tests run in this order on the seeded
// released enquiry (the accept closes it, so it comes last). Headless Chromium against the Hosting emulator.
let context: BrowserContext;
let close: () => Promise<void>;

const CUSTOMER = 'kunde@mueller-maschinenbau.de';
const SUPPLIER = 'lieferant@weber-schaltanlagen.de';
const ENQUIRY = DEMO_ENQUIRY_TITLES.released;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x20), Buffer.from('\n%%EOF\n')]);
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });

beforeAll(async () => {
  await resetAll();
  await seedIfEmpty();
});

// a fresh browser profile per test: a test that fails while signed in does not leave the next one signed in
beforeEach(async () => {
  ({ context, close } = await launch());
});

afterEach(async () => {
  await close?.();
});

afterAll(async () => {
  await disposeClients();
});

/** Opens the seeded released enquiry from the enquiry list. */
async function openEnquiry(page: Page) {
  await page.goto(`${PORTAL}/enquiry`);
  await page.getByLabel('Suche').fill(ENQUIRY.split(' ').slice(0, 2).join(' '));
  await page.getByTestId('list-row').filter({ hasText: ENQUIRY }).getByRole('button', { name: 'Anzeigen' }).click();
  await page.getByRole('heading', { name: 'Anfrage ansehen' }).waitFor();
}

/** Opens the row of an offer number in one of the lists (/offer, /order, /job). */
async function openFromList(page: Page, list: 'offer' | 'order' | 'job', offerNumber: string) {
  await page.goto(`${PORTAL}/${list}`);
  await page.getByLabel('Suche').fill(offerNumber);
  const row = page.getByTestId('list-row').filter({ hasText: offerNumber });
  await row.getByRole('button', { name: 'Anzeigen' }).click();
  await page.waitForURL(new RegExp(`/${list}/[^/]+$`));
  await page.getByTestId('offer-info').waitFor();
}

describe('offers end to end', () => {
  it('the customer compares the offers of two suppliers on his released enquiry', async () => {
    const { page, errors } = await openPage(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, CUSTOMER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await openEnquiry(page);
    await page.getByRole('button', { name: 'Angebote vergleichen' }).click();
    await page.waitForURL(/\/enquiry\/[^/]+\/offers$/);
    await page.getByRole('heading', { name: 'Angebote vergleichen' }).waitFor();
    await page.getByTestId('compared-offer').first().waitFor();
    const suppliers = await page.getByTestId('compared-supplier').allTextContents();
    expect(new Set(suppliers)).toEqual(new Set(['Elektro Schaltanlagen Weber GmbH', 'Schaltbau Nord GmbH']));
    // cheapest first: Weber's open offer (48.750 €) before Schaltbau Nord's revised version 2 (49.900 €)
    // (Intl puts a no-break space before the euro sign)
    const prices = await page.getByTestId('compared-price').allTextContents();
    expect(prices[0]).toMatch(/^48\.750,00\s€$/);
    const nord = page.getByTestId('compared-offer').filter({ hasText: 'Schaltbau Nord GmbH' });
    expect(await nord.getByTestId('compared-price').textContent()).toMatch(/^49\.900,00\s€$/);
    await nord.getByText('Wunschliefertermin: 26.03.2027', { exact: false }).waitFor();
    // the declined variant with its different packaging is there too, with its deviation
    const declined = page.getByTestId('compared-offer').filter({ hasText: DEMO_OFFER_NUMBERS.declined });
    await declined.getByText('Verpackung: Holzkiste', { exact: false }).waitFor();
    await declined.getByTestId('state-DECLINED').waitFor();
    await page.getByRole('combobox', { name: 'Sortieren nach' }).click();
    await page.getByRole('option', { name: 'Lieferant' }).click();
    expect((await page.getByTestId('compared-supplier').allTextContents()).at(-1)).toBe('Schaltbau Nord GmbH');
    expect(await fitsPhone(page)).toBeLessThanOrEqual(0);
    await logout(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the customer declines an offer with a reason; the supplier revises it into version 2', async () => {
    const { page, errors } = await openPage(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, CUSTOMER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await openFromList(page, 'offer', DEMO_OFFER_NUMBERS.open);
    await page.getByRole('heading', { name: 'Angebot ansehen' }).waitFor();
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Angebot ablehnen' });
    await dialog.getByRole('combobox', { name: /Ablehnungsgrund/ }).click();
    await page.getByRole('option', { name: 'Individuell' }).click();
    await dialog.getByRole('button', { name: 'Ablehnen' }).click();
    await dialog.getByText('Pflichtfeld').waitFor();
    await dialog.getByLabel(/Begründung/).fill('Bitte mit Edelstahlverschraubungen anbieten.');
    await dialog.getByRole('button', { name: 'Ablehnen' }).click();
    await page.waitForURL(/\/order$/);
    await page.getByText('Das Angebot wurde abgelehnt.').waitFor();
    await logout(page);

    await login(page, SUPPLIER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await openFromList(page, 'offer', DEMO_OFFER_NUMBERS.open);
    await page.getByTestId('offer-info').getByTestId('state-DECLINED').waitFor();
    await page.getByText('Bitte mit Edelstahlverschraubungen anbieten.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Überarbeiten' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
    await page.getByText('Version 2 des Angebots wurde angelegt.').waitFor();
    await page.waitForURL(/\/offer\/[^/]+$/);
    await page.getByRole('heading', { name: 'Angebot bearbeiten' }).waitFor();
    await page.getByText('Version 2', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Vorherige Version' }).waitFor();
    expect(await page.getByLabel(/Angebotsnummer/).inputValue()).toBe(DEMO_OFFER_NUMBERS.open);
    // the supplier's documents were copied: the new version can be released at once
    await page.getByRole('region', { name: 'Dokumente' }).getByText('Angebot.pdf').waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(0);
    await logout(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('core flow: offer with PDF, release, accept with order PDF, confirm; the job in both job lists', async () => {
    const { page, errors } = await openPage(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    const offerNumber = `E2E-${Date.now()}`;

    // the supplier drafts an offer from the enquiry
    await login(page, SUPPLIER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await openEnquiry(page);
    await page.getByRole('button', { name: 'Angebot erstellen' }).click();
    await page.waitForURL(/\/offer\/new\/[^/]+$/);
    await page.getByRole('heading', { name: 'Angebot erstellen' }).waitFor();
    await page.getByTestId('original-referenceNumber').waitFor();
    expect(await page.getByLabel('Zusätzliche Informationen des Kunden').isDisabled()).toBe(true);
    await page.getByLabel(/Angebotsnummer/).fill(offerNumber);
    await page.getByLabel(/Preis/).fill('51234,5');
    await page.getByLabel(/Preis/).blur();
    expect(await page.getByLabel(/Preis/).inputValue()).toBe('51.234,50');
    expect(await fitsPhone(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/offer\/(?!new)[^/]+$/);
    await page.getByRole('heading', { name: 'Angebot bearbeiten' }).waitFor();
    const offerPath = new URL(page.url()).pathname;
    const offerId = offerPath.split('/').at(-1)!;

    // release without the offer PDF: warned; with it: released
    await page.getByRole('button', { name: 'Freigeben' }).click();
    await page.getByText('Für die Freigabe fehlt das Angebot als PDF', { exact: false }).waitFor();
    const documents = page.getByRole('region', { name: 'Dokumente' });
    await documents.getByTestId('file-input').setInputFiles(pdf('angebot-e2e.pdf'));
    await documents.getByTestId('file-row').filter({ hasText: 'angebot-e2e.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Freigeben' }).click();
    await page.getByText('Das Angebot wurde freigegeben.').waitFor();
    await page.getByRole('heading', { name: 'Angebot ansehen' }).waitFor();
    await page.getByTestId('offer-info').getByTestId('tag-released').waitFor();
    await logout(page);

    // the customer accepts with an order PDF uploaded in the accept dialog
    await login(page, CUSTOMER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await openFromList(page, 'offer', offerNumber);
    expect(new URL(page.url()).pathname).toBe(`/offer/${offerId}`);
    await page.getByRole('button', { name: 'Annehmen' }).click();
    const accept = page.getByRole('dialog', { name: 'Angebot annehmen' });
    await accept.getByText('Für die Annahme fehlt die Bestellung', { exact: false }).waitFor();
    await accept.getByTestId('file-input').setInputFiles(pdf('bestellung-e2e.pdf'));
    await accept.getByText('Bestellung vorhanden: bestellung-e2e.pdf').waitFor();
    await accept.getByRole('button', { name: 'Annehmen' }).click();
    await page.waitForURL(/\/order$/);
    await page.getByRole('heading', { name: 'Aufträge' }).waitFor();
    await page.getByTestId('list-row').filter({ hasText: offerNumber }).getByTestId('state-ACCEPTED').waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(0);
    await logout(page);

    // the supplier confirms with the order confirmation
    await login(page, SUPPLIER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await openFromList(page, 'order', offerNumber);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Auftrag bestätigen' });
    await confirm.getByTestId('file-input').setInputFiles(pdf('ab-e2e.pdf'));
    await confirm.getByText('Auftragsbestätigung vorhanden: ab-e2e.pdf').waitFor();
    await confirm.getByRole('button', { name: 'Bestätigen' }).click();
    await page.waitForURL(/\/job$/);
    await page.getByRole('heading', { name: 'Jobs' }).waitFor();
    const supplierRow = page.getByTestId('list-row').filter({ hasText: offerNumber });
    await supplierRow.getByTestId('state-CONFIRMED').waitFor();
    await supplierRow.getByText('Müller Maschinenbau GmbH').waitFor();
    await logout(page);

    // the customer's job list shows it with the supplier
    await login(page, CUSTOMER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await page.goto(`${PORTAL}/job`);
    const customerRow = page.getByTestId('list-row').filter({ hasText: offerNumber });
    await customerRow.getByTestId('state-CONFIRMED').waitFor();
    await customerRow.getByText('Elektro Schaltanlagen Weber GmbH').waitFor();
    await customerRow.getByRole('button', { name: 'Anzeigen' }).click();
    await page.waitForURL(new RegExp(`/job/${offerId}$`));
    await page.getByTestId('offer-info').getByTestId('state-CONFIRMED').waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(0);
    await logout(page);

    expect(errors).toEqual([]);
    await page.close();
  });
});
