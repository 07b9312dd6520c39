import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureChromium, findChromium } from './chromium.js';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('the end-to-end tests find their browser', () => {
  it('CHROMIUM_PATH wins when it is an executable', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-'));
    const fake = path.join(dir, 'chrome');
    fs.writeFileSync(fake, '#!/bin/sh\n', { mode: 0o755 });
    process.env.CHROMIUM_PATH = fake;
    expect(findChromium()).toBe(fake);
    expect(ensureChromium(() => undefined)).toBe(fake);
  });

  it('a CHROMIUM_PATH that is not executable is one clear error, not an install', () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chrome';
    expect(findChromium()).toBeUndefined();
    expect(() => ensureChromium(() => undefined)).toThrow(
      /CHROMIUM_PATH=\/nonexistent\/chrome is not an executable browser/,
    );
  });

  it("Playwright's cache is searched, newest build first", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cache-'));
    for (const build of ['chromium-1100', 'chromium-1200']) {
      fs.mkdirSync(path.join(root, build, 'chrome-linux'), { recursive: true });
      fs.writeFileSync(path.join(root, build, 'chrome-linux', 'chrome'), '', { mode: 0o755 });
    }
    delete process.env.CHROMIUM_PATH;
    process.env.PLAYWRIGHT_BROWSERS_PATH = root;
    expect(findChromium([])).toBe(path.join(root, 'chromium-1200', 'chrome-linux', 'chrome'));
    // a system browser comes before the cache
    expect(findChromium(['/nonexistent/chromium', process.execPath])).toBe(process.execPath);
  });
});
