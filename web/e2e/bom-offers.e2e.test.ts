import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle, uniq } from '../../functions/src/modules/catalogue/catalogue-fixtures.js';
import {
  storeEnquiry,
  uploadBom,
  uploadCircuitDiagram,
} from '../../functions/src/modules/enquiries/enquiries-fixtures.js';
import {
  createCompany,
  createUser,
  disposeClients,
  PASSWORD,
  type TestUser,
} from '../../functions/src/testing/fixtures.js';
import { HOSTS } from '../../functions/src/testing/env.js';
import { storeOffer } from '../../functions/src/modules/offers/offers-fixtures.js';
import { launchBrowser, login, openPage, PORTAL } from './browser.js';

// Issue 24 in the browser, offer part: a supplier maps the BOM of his draft offer (the enquiry revision it priced)
// in the offer page's BOM panel and sees the success rate. Headless Chromium against the Hosting emulator.
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let customer: TestUser;
let supplier: TestUser;
const known = uniq('E2E-ANG').toUpperCase();
const unknown = uniq('E2E-ANGFREMD').toUpperCase();

beforeAll(async () => {
  browser = await launchBrowser();
  const [adminCompany, customerCompany, supplierCompany] = await Promise.all([
    createCompany('ADMIN', { name: 'Schrankwerk Betrieb' }),
    createCompany('CUSTOMER', { name: 'Angebots-Stückliste Kunde GmbH' }),
    createCompany('SUPPLIER', { name: 'Angebots-Stückliste Lieferant GmbH' }),
  ]);
  const platformAdmin = await createUser(adminCompany, { admin: true });
  customer = await createUser(customerCompany, { admin: true });
  supplier = await createUser(supplierCompany, { admin: true });
  await createArticle(platformAdmin.token, { orderNumber: known, description: 'Leistungsschalter', listPrice: 80 });
});

afterAll(async () => {
  await browser?.close();
  await disposeClients();
});

/** A released enquiry of the customer with this BOM, and the supplier's draft offer on it. */
async function draftOffer() {
  const draft = await storeEnquiry(customer);
  const csv = Buffer.from(`Pos;Bestellnummer;Menge\r\n1;${known};2\r\n2;${unknown};1\r\n`);
  expect((await uploadBom(customer.token, draft.id, 'angebot-liste.csv', csv)).status).toBe(200);
  expect((await uploadCircuitDiagram(customer.token, draft.id)).status).toBe(201);
  const res = await fetch(new URL(`/api/enquiry/release?enquiryId=${draft.id}`, HOSTS.portal), {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(res.status).toBe(200);
  return storeOffer(supplier, await res.json());
}

describe('issue 24: an offer BOM in the browser', () => {
  it('a supplier maps the BOM of his draft offer', async () => {
    const offer = await draftOffer();
    const context = await browser.newContext();
    const { page, errors } = await openPage(context);
    try {
      await page.setViewportSize({ width: 1400, height: 900 });
      await login(page, supplier.mail, PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${PORTAL}/offer/${offer.id}`);
      const panel = page.getByTestId('offer-bom-panel');
      await panel.getByText('Die Stückliste ist noch nicht zugeordnet.').waitFor();

      await panel.getByRole('button', { name: 'Zuordnen' }).click();
      const drawer = page.getByTestId('bom-mapping');
      await drawer.getByRole('combobox', { name: 'Bestellnummer' }).waitFor();
      expect(await drawer.getByRole('combobox', { name: 'Bestellnummer' }).textContent()).toContain('Bestellnummer');
      await drawer.getByRole('button', { name: 'Speichern' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await panel
        .getByTestId('bom-summary')
        .getByText(/Erfolgsquote: 50 %/)
        .waitFor();

      // the offer's article table: the supplier sees the line that was not found
      await panel.getByRole('button', { name: 'Artikel der Stückliste' }).click();
      const table = page.getByRole('dialog', { name: 'Artikel der Stückliste' });
      await table.getByTestId('bom-line-3').getByText('Artikel nicht gefunden').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
