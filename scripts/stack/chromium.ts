import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Browsers the end-to-end tests can drive (playwright-core speaks CDP to any Chromium). */
const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Chromium builds Playwright downloaded before (`npx playwright install chromium`), newest first. */
function playwrightCache(): string[] {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((d) => /^chromium-\d+$/.test(d))
    .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]))
    .flatMap((d) =>
      ['chrome-linux64/chrome', 'chrome-linux/chrome', 'chrome-mac/Chromium.app/Contents/MacOS/Chromium'].map((p) =>
        path.join(root, d, p),
      ),
    );
}

/** CHROMIUM_PATH, a system Chromium or Chrome, or Playwright's cache: the first that exists. */
export function findChromium(systemBrowsers: readonly string[] = SYSTEM_BROWSERS): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : undefined;
  return [...systemBrowsers, ...playwrightCache()].find(isExecutable);
}

const run = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ===
  0;
const hasCommand = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * The browser for the end-to-end tests, installed when none is found: Debian's `chromium` where apt and
 * root are available, otherwise Playwright's own download. Throws one line saying what to do when neither
 * works, so `npm test` keeps the README's promise on a fresh machine.
 */
export function ensureChromium(log: (line: string) => void = console.log): string {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH)
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable browser.`);
  if (process.platform === 'linux' && process.getuid?.() === 0 && hasCommand('apt-get')) {
    log("end-to-end tests: no Chromium found, installing Debian's chromium (apt-get) …");
    if (run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium'])) {
      const installed = findChromium();
      if (installed) return installed;
    }
  } else {
    log("end-to-end tests: no Chromium found, downloading Playwright's Chromium …");
    const cli = path.resolve('node_modules/playwright-core/cli.js');
    if (fs.existsSync(cli) && run(process.execPath, [cli, 'install', 'chromium'])) {
      const installed = findChromium();
      if (installed) return installed;
    }
  }
  throw new Error(
    'No Chromium for the end-to-end tests: install one (Debian: `apt-get install chromium`, or `npx playwright install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}
