import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const PORTAL = process.env.PORTAL_URL ?? 'http://127.0.0.1:5000';

/** Headless Debian chromium with a throw-away profile. */
export async function launch(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  // the stack's global setup found or installed the browser (emulators/launcher/chromium.ts)
  if (process.env.CHROMIUM_MISSING) throw new Error(process.env.CHROMIUM_MISSING);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schrankwerk-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH,
    headless: true,
    locale: 'de-DE',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A page that records console errors and uncaught exceptions. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { page, errors };
}

export async function login(page: Page, mail: string, password: string): Promise<void> {
  await page.goto(`${PORTAL}/login`);
  await page.getByLabel('E-Mail').fill(mail);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

export async function logout(page: Page): Promise<void> {
  await page.goto(`${PORTAL}/profile`);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.waitForURL(/\/login$/);
}

/** Sideways overflow in px at phone width (390 px; 0 or less: none); then back to 1280 px. */
export async function fitsPhone(page: Page): Promise<number> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.setViewportSize({ width: 1280, height: 900 });
  return overflow;
}

/** The menu entries of the header (desktop navigation). */
export async function menu(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
  await nav.waitFor();
  return (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
}
