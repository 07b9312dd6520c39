import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { createCompany, createUser, disposeClients, PASSWORD } from '../../functions/src/testing/fixtures.js';
import { launch, login, logout, openPage, PORTAL } from './browser.js';

// A platform admin uploads a company document on the company page and downloads it again (headless Chromium
// against the Hosting emulator, the stack project's global setup runs everything).
let context: BrowserContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ context, close } = await launch());
});

afterAll(async () => {
  await close?.();
  await disposeClients();
});

describe('company documents end to end', () => {
  it('upload on the company page, listed with its icon, download with the same bytes and name', async () => {
    const admin = await createUser(await createCompany('ADMIN'), { admin: true, signIn: false });
    const customer = await createCompany('CUSTOMER', { name: `E2E Dokumente ${Date.now()}` });
    const { page, errors } = await openPage(context);
    const name = 'AVV unterschrieben – Größe.pdf';
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);

    await login(page, admin.mail, PASSWORD);
    await page.waitForURL(/\/user$/);
    await page.goto(`${PORTAL}/company/${customer.id}`);
    await page.getByRole('button', { name: 'Dokumente' }).click();
    await page.getByText('Keine Dateien vorhanden.').waitFor();

    await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
    await page.getByText(`${name} wurde hochgeladen.`).waitFor();
    const row = page.getByTestId('file-row').filter({ hasText: name });
    await row.getByTestId('file-icon-document').waitFor();

    // a wrong type is refused before anything is sent
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByText(/^setup\.exe: Dieser Dateityp ist hier nicht erlaubt/).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `${name} herunterladen` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    expect(readFileSync(await download.path()).equals(bytes)).toBe(true);

    await logout(page);
    expect(errors).toEqual([]);
    await page.close();
  });
});
