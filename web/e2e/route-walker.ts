import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { createServer } from 'vite';
import { nextPaint } from './browser.js';

/** The web's route tables, loaded from the feature registry (`app/routes/route-table.ts`) through Vite. */
export interface RouteTable {
  paths: string[];
  alsoOpen: string[];
  index: string;
}
export interface RoutePrincipal {
  companyType: 'ADMIN' | 'CUSTOMER' | 'SUPPLIER' | 'EXTERNAL';
  admin: boolean;
  passwordChangeNeeded: boolean;
  pendingRegistration: boolean;
}
export type RoutesFor = (principal: RoutePrincipal | null) => RouteTable;

/**
 * `routesFor` of the app itself (with the app's aliases, via Vite's module loader), so the walk covers every route
 * the features register, including areas added later.
 */
export async function loadRoutesFor(): Promise<RoutesFor> {
  const server = await createServer({
    root: 'web',
    configFile: 'web/vite.config.ts',
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const mod = (await server.ssrLoadModule('/src/app/routes/route-table.ts')) as { routesFor: RoutesFor };
    return mod.routesFor;
  } finally {
    await server.close();
  }
}

/** Records a role may see, by the route prefix whose `:param` they fill. */
export type WalkIds = Partial<
  Record<
    | 'user'
    | 'company'
    | 'enquiry'
    | 'offer'
    | 'article'
    | 'manufacturer'
    | 'discount'
    | 'unit'
    | 'wholesaler'
    | 'importConfig',
    string
  >
>;

/** Route prefix → which record fills its parameter (the longest prefix wins). */
const RECORD_ROUTES: Array<[prefix: string, record: keyof WalkIds]> = [
  ['/offer/new/', 'enquiry'],
  // the project folder of an offer (issue 20): its page and its invitation sign-in take the offer's id
  ['/business-data/', 'offer'],
  ['/enquiry/', 'enquiry'],
  ['/offer/', 'offer'],
  ['/order/', 'offer'],
  ['/job/', 'offer'],
  ['/user/', 'user'],
  ['/company/', 'company'],
  // the catalogue (issue 22): an article and one item of each field-value list
  ['/article/', 'article'],
  ['/fieldvalues/manufacturer/', 'manufacturer'],
  ['/fieldvalues/discount/', 'discount'],
  ['/fieldvalues/unit/', 'unit'],
  ['/fieldvalues/wholesaler/', 'wholesaler'],
  // an import configuration (issue 23)
  ['/import/config/', 'importConfig'],
];
/** Where `new` is the create page (walked as well as the real record); elsewhere `new` would be an unknown id. */
const CREATE_PAGE = /^\/(user|company|enquiry|article|fieldvalues\/[a-z]+|import\/config)\/:[A-Za-z]+$/;

/**
 * Concrete addresses for a table's patterns: a parameter of a record route becomes a record the caller may see
 * (`ids`), every other parameter `new` (the create page, or the placeholder of an area not built yet).
 */
export function addressesOf(table: RouteTable, ids: WalkIds = {}): string[] {
  const out = new Set<string>(['/']);
  for (const pattern of [...table.paths, ...table.alsoOpen]) {
    if (!pattern.includes(':')) {
      out.add(pattern);
      continue;
    }
    const record = RECORD_ROUTES.find(([prefix]) => pattern.startsWith(prefix))?.[1];
    const real = record ? ids[record] : undefined;
    if (real) out.add(pattern.replace(/:[A-Za-z]+/g, real));
    if (!real || CREATE_PAGE.test(pattern)) out.add(pattern.replace(/:[A-Za-z]+/g, 'new'));
  }
  out.add('/gibt-es-nicht');
  return [...out];
}

/**
 * Opens `address` inside the loaded SPA as its own links do (a history entry the router reads on popstate), instead
 * of loading the page again: a full load costs about 120 requests (the app's chunks and every locale) and the app's
 * start, 1.1 s a page against 0.1 s (docs/performance.md "Test suite stage times", 2026-12-02, fifth session).
 */
export async function openInApp(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    // the router's own entry shape, so its index (back/forward) stays consistent
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `walk${idx}`, idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, address);
}

/** Requests in flight per page (counted from the page's own request events). */
const inFlight = new WeakMap<Page, { count: number; changed: () => void; waiters: Array<() => void> }>();

/** Starts counting the page's requests (call once, right after opening it). */
export function trackRequests(page: Page): void {
  const state = {
    count: 0,
    waiters: [] as Array<() => void>,
    changed() {
      if (this.count === 0) for (const w of this.waiters.splice(0)) w();
    },
  };
  inFlight.set(page, state);
  page.on('request', () => state.count++);
  const done = () => {
    state.count = Math.max(0, state.count - 1);
    state.changed();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the page has settled — on events, not on a clock: no request in flight, no loading spinner, and still
 * so after the next paint (a request started by what was just rendered counts again).
 */
export async function settle(page: Page): Promise<void> {
  const state = inFlight.get(page);
  // the app shows the page of the address in the address bar (not still the last one, nor nothing yet: app/router.tsx)
  await page.waitForFunction(
    () => document.documentElement.dataset.renderedLocation === window.location.pathname + window.location.search,
  );
  for (let round = 0; round < 50; round++) {
    if (state && state.count > 0) await new Promise<void>((resolve) => state.waiters.push(resolve));
    // every loading indicator (MUI's progress components have role=progressbar) gone; the bound only ends a wait for
    // an indicator that stays (a page that never settles): beside the other test groups a busy 2-core machine took
    // more than the page default of 20 s to finish an enquiry page's calls
    await page.locator('[role="progressbar"]').first().waitFor({ state: 'detached', timeout: 60_000 });
    await nextPaint(page);
    // transitions under way ended (a page opened inside the app may animate what stays, e.g. a form's label shrinking
    // back, and axe would read its colour half-way); endless animations are loading indicators, waited for above
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    if (!state || state.count === 0) return;
  }
}

/** How far the document is wider than the viewport (0: no sideways scrolling), with the widest offenders. */
export async function sidewaysOverflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const excess = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - width;
    const culprits: string[] = [];
    if (excess > 0) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.right > width + 1 && r.width > 0) {
          const text = (el.textContent ?? '').trim().slice(0, 40);
          culprits.push(
            `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} right=${Math.round(r.right)} "${text}"`,
          );
        }
      }
    }
    return { excess, culprits: culprits.slice(-5) };
  });
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 A and AA (issue 12). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2.1 AA violations on the page. axe is evaluated through the DevTools protocol (no network, and
 * the page's CSP, which allows only its own scripts, does not apply to it).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // once per document: the walk opens most addresses inside the loaded app (compiling axe's 0.5 MB each time cost more)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 4)
          .join(', ')}`,
    );
  }, AXE_TAGS);
  return violations;
}
