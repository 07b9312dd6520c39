import type { Page } from 'playwright-core';

/** Issue 12: /login transfers at most this much compressed JavaScript. */
export const LOGIN_JS_BUDGET_BYTES = 200 * 1024;

/**
 * Strings only the Firebase SDKs the browser does not use carry (their service hosts): Firestore, Realtime
 * Database, Storage, Remote Config, Functions. All data flows through the API; the browser needs Auth only.
 */
export const UNUSED_SDK_MARKERS = [
  'firestore.googleapis.com',
  'firebaseio.com',
  'firebasestorage.googleapis.com',
  'firebaseremoteconfig.googleapis.com',
  'cloudfunctions.net',
];

export interface LoadedScript {
  url: string;
  /** bytes on the wire (compressed body) */
  encoded: number;
  /** bytes after decompression */
  decoded: number;
  body: string;
}

export interface LoginLoad {
  scripts: LoadedScript[];
  encoded: number;
  decoded: number;
  /** navigation start until the sign-in form can be used (its button is visible) */
  readyMs: number;
}

/**
 * Opens /login in a fresh page and records every JavaScript response until the network is idle after the
 * sign-in form is shown (lazy chunks included).
 */
export function loadLogin(page: Page, portal: string): Promise<LoginLoad> {
  return loadEntryPage(page, `${portal}/login`, 'Anmelden');
}

/**
 * Opens an entry page for signed-out visitors (the sign-in, a project folder's password link) in a fresh page and
 * records every JavaScript response until the network is idle after the page's `readyButton` is shown.
 */
export async function loadEntryPage(page: Page, url: string, readyButton: string): Promise<LoginLoad> {
  const pending: Promise<LoadedScript | undefined>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(response.url())) return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => undefined);
        if (!body) return undefined;
        const sizes = await response.request().sizes();
        return { url: response.url(), encoded: sizes.responseBodySize, decoded: body.length, body: body.toString() };
      })(),
    );
  });
  const start = Date.now();
  await page.goto(url);
  await page.getByRole('button', { name: readyButton }).waitFor();
  const readyMs = Date.now() - start;
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((s): s is LoadedScript => s !== undefined);
  return {
    scripts,
    encoded: scripts.reduce((sum, s) => sum + s.encoded, 0),
    decoded: scripts.reduce((sum, s) => sum + s.decoded, 0),
    readyMs,
  };
}
