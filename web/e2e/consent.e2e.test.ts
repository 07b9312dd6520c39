import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { AVB_VERSION } from '../../functions/src/model/consent.js';
import { admin, createCompany, createUser, disposeClients, PASSWORD } from '../../functions/src/testing/fixtures.js';
import { launch, login, openPage, PORTAL } from './browser.js';

// Issue 32 point 1: a customer's user whose accepted AVB are older is asked after the sign-in; declining signs out,
// accepting records the version, which the platform administrator then sees on the company page.
let context: BrowserContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ context, close } = await launch());
});

afterAll(async () => {
  await close?.();
  await disposeClients();
});

describe('AVB re-consent end to end', () => {
  it('declining signs out, accepting closes the dialog for good; the platform admin sees the record', async () => {
    const company = await createCompany('CUSTOMER', { name: `E2E Zustimmung ${Date.now()}` });
    const customer = await createUser(company, { avbAccepted: false, signIn: false });
    await admin()
      .db.collection('users')
      .doc(customer.user.id)
      .update({ 'acceptedTerms.avb': { version: '2023-01-16', acceptedAt: new Date('2023-02-01T09:00:00Z') } });
    const platformAdmin = await createUser(await createCompany('ADMIN'), { admin: true, signIn: false });
    const { page, errors } = await openPage(context);

    await login(page, customer.mail, PASSWORD);
    const dialog = page.getByRole('dialog', { name: 'Unsere AVB haben sich geändert' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: /AVB lesen/ }).getAttribute('href')).toBe('/avb');
    await dialog.getByRole('button', { name: 'Ablehnen und abmelden' }).click();
    await page.waitForURL(/\/login$/);

    await login(page, customer.mail, PASSWORD);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'AVB akzeptieren' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.goto(`${PORTAL}/profile`);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL(/\/login$/);
    await login(page, platformAdmin.mail, PASSWORD);
    await page.waitForURL(/\/user$/);
    await page.goto(`${PORTAL}/company/${company.id}`);
    await page.getByRole('button', { name: 'Zustimmungen (AVB, Datenschutz)' }).click();
    const row = page.getByRole('row').filter({ hasText: customer.mail });
    await row.first().waitFor();
    const [year, month, day] = AVB_VERSION.split('-');
    expect(await row.first().textContent()).toContain(`${day}.${month}.${year}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
