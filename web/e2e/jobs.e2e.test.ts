import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, seedIfEmpty } from '../../functions/src/seed/seed.js';
import { DEMO_OFFER_NUMBERS } from '../../functions/src/modules/offers/offers.seed.js';
import { resetAll } from '../../functions/src/testing/emulator-reset.js';
import { disposeClients } from '../../functions/src/testing/fixtures.js';
import { launch, login, logout, openPage, PORTAL } from './browser.js';

// Issue 32 point 8 in the browser: the supplier reports the seeded job delivered; the customer finds it in his
// default job list (running jobs), delivered, with its finish button; the ended jobs are behind the state filter.
let context: BrowserContext;
let close: () => Promise<void>;

const CUSTOMER = 'kunde@mueller-maschinenbau.de';
const SUPPLIER = 'lieferant@weber-schaltanlagen.de';

beforeAll(async () => {
  await resetAll();
  await seedIfEmpty();
});
beforeEach(async () => {
  ({ context, close } = await launch());
});
afterEach(async () => {
  await close?.();
});
afterAll(async () => {
  await disposeClients();
});

/** Opens a job from the job list (its default view: the running jobs). */
async function openJob(page: Page, offerNumber: string) {
  await page.goto(`${PORTAL}/job`);
  await page.getByLabel('Suche').fill(offerNumber);
  const row = page.getByTestId('list-row').filter({ hasText: offerNumber });
  await row.getByRole('button', { name: 'Anzeigen' }).click();
  await page.waitForURL(/\/job\/[^/]+$/);
  await page.getByTestId('offer-info').waitFor();
}

describe('jobs end to end', () => {
  it('the supplier marks the job delivered; the customer sees it delivered and may finish it', async () => {
    const { page, errors } = await openPage(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, SUPPLIER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await openJob(page, DEMO_OFFER_NUMBERS.job);
    await page.getByRole('button', { name: 'Als geliefert melden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
    await page.getByText('Der Auftrag wurde als geliefert gemeldet.').waitFor();
    await page.getByTestId('state-notice').filter({ hasText: 'als geliefert gemeldet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Als geliefert melden' }).count()).toBe(0);
    await logout(page);

    await login(page, CUSTOMER, DEMO_PASSWORD);
    await page.waitForURL(/\/enquiry$/);
    await page.goto(`${PORTAL}/job`);
    // the default view: running jobs (confirmed and delivered), not the cancelled one
    const rows = page.getByTestId('list-row');
    await rows.filter({ hasText: DEMO_OFFER_NUMBERS.job }).filter({ hasText: 'Geliefert' }).waitFor();
    expect(await rows.filter({ hasText: DEMO_OFFER_NUMBERS.cancelled }).count()).toBe(0);
    await openJob(page, DEMO_OFFER_NUMBERS.job);
    await page.getByRole('button', { name: 'Auftrag abschließen' }).waitFor();
    expect(await page.getByRole('button', { name: 'Auftrag stornieren' }).count()).toBe(0);
    await logout(page);
    expect(errors).toEqual([]);
  });
});
