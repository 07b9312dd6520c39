import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { createArticle, uniq } from '../../functions/src/modules/catalogue/catalogue-fixtures.js';
import { createCompany, createUser, disposeClients, PASSWORD } from '../../functions/src/testing/fixtures.js';
import { launch, login, openPage, PORTAL } from './browser.js';

// Issue 32 point 9: who changed what. An ADMIN-company user (the catalogue's writers) changes an article's list price;
// the article's page shows the change in its "Änderungsverlauf" with his name and the price from → to.
let context: BrowserContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ context, close } = await launch());
});

afterAll(async () => {
  await close?.();
  await disposeClients();
});

describe('change history end to end', () => {
  it('a list price change shows on the article page as "Listenpreis: 12,00 € → 13,50 €" with the user', async () => {
    const company = await createCompany('ADMIN');
    const editor = await createUser(company);
    const article = await createArticle(editor.token, { orderNumber: uniq('VERLAUF'), listPrice: 12 });
    const { page, errors } = await openPage(context);

    await login(page, editor.mail, PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${PORTAL}/article/${article.id}`);
    const history = page.getByRole('region', { name: 'Änderungsverlauf' });
    await history.getByTestId('change-history-row').first().waitFor();
    const price = page.getByRole('spinbutton', { name: 'Listenpreis (EUR)' });
    await price.fill('13.5');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(`${PORTAL}/article`);

    await page.goto(`${PORTAL}/article/${article.id}`);
    const rows = history.getByTestId('change-history-row');
    await rows.filter({ hasText: 'Listenpreis' }).filter({ hasText: '13,50' }).waitFor();
    const newest = (await rows.first().textContent()) ?? '';
    expect(newest).toMatch(/Listenpreis \(EUR\): 12,00\s€ → 13,50\s€/);
    expect(newest).toContain(`${editor.user.name} ${editor.user.lastname}`);
    expect(await rows.count()).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });
});
