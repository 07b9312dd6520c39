import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const PORTAL = process.env.PORTAL_URL ?? 'http://127.0.0.1:5000';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function executablePath(): string | undefined {
  // the stack's global setup found or installed the browser (scripts/stack/chromium.ts)
  if (process.env.CHROMIUM_MISSING) throw new Error(process.env.CHROMIUM_MISSING);
  return process.env.CHROMIUM_PATH;
}

let shared: Promise<Browser> | undefined;

/**
 * One headless Chromium for every e2e file of the worker (the stack's files share its modules, `isolate: false`):
 * a launch cost more than a file's sign-in, 21 of them a run. Playwright ends it with the worker.
 */
function sharedBrowser(): Promise<Browser> {
  shared ??= chromium
    .launch({ executablePath: executablePath(), headless: true, args: CHROMIUM_ARGS })
    .then((browser) => {
      browser.on('disconnected', () => (shared = undefined));
      return browser;
    });
  return shared;
}

/**
 * Browser contexts for flows that run side by side: each `newContext()` is a separate, throw-away profile (its own
 * sign-in), so independent flows run in parallel. `close()` closes the contexts it opened, not the shared browser.
 */
export async function launchBrowser(): Promise<{
  /** a German profile unless `options` say otherwise (e.g. `{ locale: 'en-US' }`, a phone's viewport) */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  close: () => Promise<void>;
}> {
  const browser = await sharedBrowser();
  const opened = new Set<BrowserContext>();
  return {
    newContext: async (options = {}) => {
      const context = await browser.newContext({ locale: 'de-DE', ...options });
      opened.add(context);
      context.on('close', () => opened.delete(context));
      return context;
    },
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
}

/** One throw-away German profile of the shared browser. */
export async function launch(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const { newContext, close } = await launchBrowser();
  return { context: await newContext(), close };
}

/** Two animation frames: the layout after a change (a viewport size) has been applied and painted. */
export async function nextPaint(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

/** A page that records console errors and uncaught exceptions. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  // a ceiling for each action's wait on its event, generous for a slow host (vitest's testTimeout is 180 s)
  page.setDefaultTimeout(45_000);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // "Failed to load resource" names no address in its text: the message's location is the resource
    const resource = msg.text().startsWith('Failed to load resource') ? ` (${msg.location().url})` : '';
    errors.push(`${page.url()}: ${msg.text()}${resource}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { page, errors };
}

export async function login(page: Page, mail: string, password: string): Promise<void> {
  await page.goto(`${PORTAL}/login`);
  await signInHere(page, mail, password);
}

/** Fills the sign-in form the page shows now (e.g. after a mail link led to /login?next=…) and signs in. */
export async function signInHere(page: Page, mail: string, password: string): Promise<void> {
  await page.getByLabel('E-Mail').fill(mail);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/**
 * Types a day into a date field (the MUI X date picker) the way a person does: into its day section, digits only in
 * German order, e.g. `typeDay(page, /^Wunschliefertermin/, '15032027')`.
 */
export async function typeDay(page: Page, label: RegExp, digits: string): Promise<void> {
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

/** The day a date field shows (TT.MM.JJJJ), from its hidden input. */
export async function shownDay(page: Page, name: string): Promise<string> {
  return page.locator(`input[name="${name}"]`).inputValue();
}

export async function logout(page: Page): Promise<void> {
  await page.goto(`${PORTAL}/profile`);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.waitForURL(/\/login$/);
}

/** Sideways overflow in px at phone width (390 px; 0 or less: none); then back to 1280 px. */
export async function fitsPhone(page: Page): Promise<number> {
  await page.setViewportSize({ width: 390, height: 844 });
  await nextPaint(page);
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

/**
 * The main menu's entries among the spec's (in the menu's order): a role's spec menu stays pinned while a later area
 * may add its own entry (which roles see a declared entry: app/routes/route-table.test.ts).
 */
export async function specMenu(page: Page, spec: readonly string[]): Promise<string[]> {
  return (await menu(page)).filter((label) => spec.includes(label));
}
