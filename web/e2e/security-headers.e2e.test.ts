import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { createCompany, createUser, disposeClients, PASSWORD } from '../../functions/src/testing/fixtures.js';
import { HOSTS } from '../../functions/src/testing/env.js';
import { launch, login, logout, menu, openPage, PORTAL } from './browser.js';

// The Hosting headers of firebase.json (CSP, frame-ancestors, nosniff, Referrer-Policy, HSTS) as the
// Hosting emulator serves them, and the app working under them in Chromium.
let context: BrowserContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ context, close } = await launch());
});

afterAll(async () => {
  await close?.();
  await disposeClients();
});

describe('Hosting security headers', () => {
  it("every page carries the security headers; the CSP allows only the app's own scripts", async () => {
    for (const path of ['/login', '/', '/imprint', '/does-not-exist']) {
      const res = await fetch(`${PORTAL}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // the browser uploads large import files to Cloud Storage (session URIs): production and this stack's emulator
      const connect = /(?:^|;\s*)connect-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
      expect(connect).toEqual(
        expect.arrayContaining(["'self'", 'https://storage.googleapis.com', `http://${HOSTS.storage}`]),
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    }
  });

  it('caching: pages and build info revalidate, hashed assets and versioned locales are immutable, API answers are never stored', async () => {
    for (const path of ['/', '/login', '/build-info.json']) {
      expect((await fetch(`${PORTAL}${path}`)).headers.get('cache-control'), path).toBe('no-cache');
    }
    const html = await (await fetch(`${PORTAL}/login`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(`${PORTAL}${script}`);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // the app asks for the locale files with the build's version of them in the query (config/i18n-loading.ts)
    const { page } = await openPage(context);
    const locales: Promise<[string, string | null]>[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/locales/'))
        locales.push(request.response().then((r) => [request.url(), r?.headers()['cache-control'] ?? null]));
    });
    await page.goto(`${PORTAL}/login`);
    await page.getByLabel('E-Mail').waitFor();
    await page.close();
    const loaded = await Promise.all(locales);
    expect(loaded.length).toBeGreaterThan(0);
    for (const [url, cacheControl] of loaded) {
      expect(url).toMatch(/^[^?]+\/locales\/de\/[a-z-]+\.json\?v=[0-9a-f]{12}$/);
      expect(cacheControl, url).toBe('public, max-age=31536000, immutable');
    }
    // source maps are built for our own debugging but neither referenced nor deployed (firebase.json ignore)
    expect(await js.text()).not.toMatch(/sourceMappingURL=/);
    expect((await fetch(`${PORTAL}/api/health`)).headers.get('cache-control')).toBe('private, no-store');
  });

  it('API answers (JSON and file downloads) get a sandboxing CSP that runs nothing', async () => {
    const res = await fetch(`${PORTAL}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox; default-src 'none'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('signing in and using the portal raises no CSP violation', async () => {
    const company = await createCompany('CUSTOMER');
    const { mail } = await createUser(company, { admin: true, signIn: false });
    const { page, errors } = await openPage(context);
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        );
      });
    });

    await login(page, mail, PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect((await menu(page)).length).toBeGreaterThan(0);
    await page.goto(`${PORTAL}/user`);
    await page.getByRole('table').waitFor();
    await page.goto(`${PORTAL}/imprint`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await logout(page);

    expect(violations).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
