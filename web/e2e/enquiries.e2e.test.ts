import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, seedIfEmpty } from '../../functions/src/seed/seed.js';
import { resetAll } from '../../functions/src/testing/emulator-reset.js';
import { disposeClients } from '../../functions/src/testing/fixtures.js';
import { fitsPhone, launch, login, logout, openPage, typeDay } from './browser.js';

// Issue 8 in the browser: a demo customer creates an enquiry with non-default job conditions, uploads a BOM and
// a circuit diagram, is warned while one is missing, releases it and sees the locked view; a demo supplier
// finds it in the list and opens it. Headless Chromium against the Hosting emulator (stack project).
let context: BrowserContext;
let close: () => Promise<void>;

const CUSTOMER = 'kunde@mueller-maschinenbau.de';
const SUPPLIER = 'lieferant@weber-schaltanlagen.de';

const BOM_CSV = Buffer.from(
  'Pos;Bestellnummer;Hersteller;Herstellernummer;Menge\r\n1;3RT2015-1BB41;Siemens;3RT2015-1BB41;2\r\n2;2866763;Phoenix Contact;2866763;1\r\n',
);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x20), Buffer.from('\n%%EOF\n')]);

beforeAll(async () => {
  await resetAll();
  await seedIfEmpty();
  ({ context, close } = await launch());
});

afterAll(async () => {
  await close?.();
  await disposeClients();
});

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('enquiries end to end', () => {
  it('customer creates, uploads, is warned, releases; supplier finds and opens it', async () => {
    const { page, errors } = await openPage(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    const title = `E2E Schaltschrank ${Date.now()}`;

    await login(page, CUSTOMER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await page.getByRole('heading', { name: 'Anfragen' }).waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.waitForURL(/\/enquiry\/new$/);
    await page.getByRole('heading', { name: 'Anfrage erstellen' }).waitFor();

    await page.getByLabel('Titel').fill(title);
    await page.getByLabel('Referenznummer').fill('E2E-REF-1');
    await choose(page, /^Lieferbedingung/, 'EXW – ab Werk');
    await typeDay(page, /^Wunschliefertermin/, '30062027');
    await page.getByLabel('Menge').fill('3');
    // non-default conditions
    await choose(page, /^Gerätekennzeichnung/, 'Dreizeilig');
    await choose(page, /^Norm/, 'UL');
    await choose(page, /^Verpackung/, 'Holzkiste');
    await page.getByRole('button', { name: 'Details zu Gerätekennzeichnung' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gerätekennzeichnung' });
    await dialog.getByRole('combobox', { name: /^Montageplattenbeschriftung/ }).click();
    await page.getByRole('option', { name: 'Kunststoff', exact: true }).click();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/enquiry\/(?!new)[^/]+$/);
    await page.getByRole('heading', { name: 'Anfrage bearbeiten' }).waitFor();
    const enquiryUrl = page.url();

    // BOM
    await page.getByTestId('bom-panel').getByTestId('file-input').setInputFiles({
      name: 'stueckliste.csv',
      mimeType: 'text/csv',
      buffer: BOM_CSV,
    });
    await page.getByTestId('bom-file-name').getByText('stueckliste.csv').waitFor();

    // release without a circuit diagram: warned, still a draft
    await page.getByRole('button', { name: 'Freigeben' }).click();
    await page.getByText('Für die Freigabe fehlt der Schaltplan', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Anfrage bearbeiten' }).waitFor();

    // circuit diagram (the documents section's default document type)
    const documents = page.getByRole('region', { name: 'Dokumente' });
    await documents
      .getByTestId('file-input')
      .setInputFiles({ name: 'schaltplan.pdf', mimeType: 'application/pdf', buffer: PDF });
    // its row (a table row, or a card in the narrow side column) names the document type
    await documents
      .getByTestId('file-row')
      .filter({ hasText: 'schaltplan.pdf' })
      .filter({ hasText: /Schaltplan/ }) // the type (the file name is lower case)
      .waitFor();
    expect(await fitsPhone(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Freigeben' }).click();
    await page.getByText('Die Anfrage wurde freigegeben.').waitFor();
    await page.getByRole('heading', { name: 'Anfrage ansehen' }).waitFor();
    // read, not edited: the summary and lists instead of disabled inputs
    expect(await page.getByTestId('fact-title').textContent()).toContain(title);
    expect(await page.getByLabel('Titel').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    expect(await page.getByTestId('bom-panel').getByRole('button', { name: 'Löschen' }).count()).toBe(0);
    await page.getByTestId('status-released').waitFor();
    // the stored conditions are shown after a reload
    await page.reload();
    await page.getByRole('heading', { name: 'Anfrage ansehen' }).waitFor();
    expect(await page.getByTestId('fact-regulation').textContent()).toContain('UL');
    expect(await page.getByTestId('fact-packaging').textContent()).toContain('Holzkiste');
    expect(await page.getByTestId('fact-desiredDeliveryDate').textContent()).toContain('30.06.2027');
    await logout(page);

    // the supplier: finds it by a fragment inside a word of its title (issue 32 point 6), opens it, may create an offer
    await login(page, SUPPLIER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await page.getByLabel('Suche').fill(title.slice(-8));
    const row = page.getByTestId('list-row').filter({ hasText: title });
    await row.getByText('Müller Maschinenbau GmbH').waitFor();
    await row.getByRole('button', { name: 'Anzeigen' }).click();
    await page.waitForURL(enquiryUrl);
    await page.getByRole('heading', { name: 'Anfrage ansehen' }).waitFor();
    await page.getByRole('toolbar', { name: 'Aktionen' }).getByRole('button', { name: 'Angebot erstellen' }).waitFor();
    expect(await page.getByTestId('summary-name').textContent()).toBe(title);
    expect(await fitsPhone(page)).toBeLessThanOrEqual(0);
    await logout(page);

    expect(errors).toEqual([]);
    await page.close();
  });
});
