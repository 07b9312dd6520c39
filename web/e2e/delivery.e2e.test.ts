import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launch, openPage, PORTAL } from './browser.js';
import { LOGIN_JS_BUDGET_BYTES, loadEntryPage, loadLogin, UNUSED_SDK_MARKERS } from './login-delivery.js';

// Web delivery (issue 12 item 7): what a first visit of /login costs, measured in Chromium against the Hosting
// emulator (which compresses like Hosting does).
let context: BrowserContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ context, close } = await launch());
});

afterAll(async () => {
  await close?.();
});

describe('web delivery', () => {
  it('/login transfers at most 200 KB of compressed JavaScript and loads no Firebase SDK but Auth', async () => {
    const { page, errors } = await openPage(context);
    const load = await loadLogin(page, PORTAL);
    const report = load.scripts.map((s) => `${new URL(s.url).pathname} ${s.encoded}/${s.decoded}`).join('\n');
    expect(load.scripts.length, report).toBeGreaterThan(0);
    // the scripts came compressed (the budget is about bytes on the wire; tiny ones are sent as they are)
    for (const s of load.scripts.filter((x) => x.decoded > 4096)) expect(s.encoded, s.url).toBeLessThan(s.decoded);
    expect(load.encoded, report).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
    for (const marker of UNUSED_SDK_MARKERS) {
      expect(
        load.scripts.filter((s) => s.body.includes(marker)).map((s) => s.url),
        marker,
      ).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a project folder's password link (/business-data/{id} signed out) stays within the same budget", async () => {
    const { page, errors } = await openPage(context);
    const load = await loadEntryPage(page, `${PORTAL}/business-data/einOrdner`, 'Öffnen');
    const report = load.scripts.map((s) => `${new URL(s.url).pathname} ${s.encoded}/${s.decoded}`).join('\n');
    expect(load.scripts.length, report).toBeGreaterThan(0);
    expect(load.encoded, report).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
    for (const marker of UNUSED_SDK_MARKERS) {
      expect(
        load.scripts.filter((s) => s.body.includes(marker)).map((s) => s.url),
        marker,
      ).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('no chunk of the build carries another Firebase SDK (Firestore, Database, Storage, Remote Config, Functions)', () => {
    const assets = path.resolve('web/dist/assets');
    const chunks = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const marker of UNUSED_SDK_MARKERS) {
      expect(
        chunks.filter((f) => fs.readFileSync(path.join(assets, f), 'utf8').includes(marker)),
        marker,
      ).toEqual([]);
    }
  });
});
