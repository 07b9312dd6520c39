/**
 * `npm run bench login`: what a first visit of /login costs. Builds the SPA, serves web/dist gzip-compressed
 * (level 6, like the Hosting emulator's compression) from a small local server, and opens /login in headless
 * Chromium with an empty profile each run (cold cache).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../../scripts/stack/chromium.js';
import type { BenchSection } from '../../scripts/bench-types.js';
import { LOGIN_JS_BUDGET_BYTES, loadLogin } from './login-delivery.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'web/dist');
const RUNS = 5;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
};

/** web/dist over HTTP: gzip when accepted, the SPA's index.html for every path that is not a file. */
function serveDist(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(DIST, pathname);
    if (!file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      file = path.join(DIST, 'index.html');
    }
    const body = fs.readFileSync(file);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 1024;
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? zlib.gzipSync(body, { level: 6 }) : body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function benchLogin(): Promise<BenchSection> {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: path.join(ROOT, 'web'),
    stdio: 'ignore',
  });
  const executablePath = ensureChromium(() => undefined);
  const server = await serveDist();
  const loads = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'schrankwerk-bench-'));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
      try {
        loads.push(await loadLogin(await context.newPage(), server.url));
      } finally {
        await context.close();
        fs.rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await server.close();
  }
  const first = loads[0]!;
  return {
    title: 'Web delivery: /login',
    rows: [
      { measure: 'JavaScript files loaded by /login', result: String(first.scripts.length) },
      { measure: '/login JavaScript, raw (decoded)', result: kb(first.decoded) },
      {
        measure: '/login JavaScript, gzip (bytes on the wire)',
        result: kb(first.encoded),
        target: `≤ ${kb(LOGIN_JS_BUDGET_BYTES)}`,
        ok: first.encoded <= LOGIN_JS_BUDGET_BYTES,
      },
      {
        measure: `Cold load until the sign-in form is usable (median of ${RUNS}, empty profile each)`,
        result: `${median(loads.map((l) => l.readyMs))} ms`,
      },
    ],
    notes: [
      'web/dist served from a local server with gzip level 6 (the Hosting emulator compresses the same way); headless Chromium, no network throttling.',
      'Before issue 12 (reactfire pulling every Firebase SDK into the entry chunk): 15 scripts, 1.54 MB decoded, 480 KB transferred.',
    ],
  };
}
