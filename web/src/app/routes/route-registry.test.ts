import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { isUserManager } from '@model/permissions';
import { paths } from '@/config/paths';
import type { Feature } from '@/lib/feature';
import { FEATURES, NAMESPACES } from '../features';
import { PUBLIC_FEATURES } from '../public-features';
import { PUBLIC_ROUTES } from './public-routes';
import { createRoutesFor, elementFor, routesFor, type RoutePrincipal } from './route-table';

const principal = (extra: Partial<RoutePrincipal> = {}): RoutePrincipal => ({
  companyType: 'CUSTOMER',
  admin: false,
  passwordChangeNeeded: false,
  pendingRegistration: false,
  ...extra,
});

/** An area's own paths (`features/<area>/paths.ts`: the pages no other area links to), same shape as config/paths. */
const AREA_PATHS = import.meta.glob<Record<string, unknown>>('../../features/*/paths.ts', { eager: true });

/**
 * Every pattern `config/paths.ts` and the areas' own `paths.ts` know (`path`, and `pathOf(list)` for the field-value
 * lists).
 */
function knownPatterns(): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const entry = node as { path?: unknown; pathOf?: unknown };
    if (typeof entry.path === 'string') found.add(entry.path);
    Object.values(node).forEach(walk);
  };
  walk(paths);
  Object.values(AREA_PATHS).forEach(walk);
  for (const list of ['manufacturer', 'discount', 'unit', 'wholesaler'] as const) {
    found.add(paths.fieldValues.list.pathOf(list));
    found.add(paths.fieldValues.detail.pathOf(list));
  }
  return found;
}

describe('route registry (features register their routes)', () => {
  it('a new feature is one entry in the list: its page, menu entry and landing follow from its own rules', () => {
    const Page = () => null;
    const reports: Feature = {
      namespace: 'reports',
      routes: [
        {
          path: '/report',
          element: Page,
          allowed: isUserManager,
          menu: { labelKey: 'reports:menu' },
          landing: (p) => p.admin,
        },
        { path: '/report/:id', element: Page, allowed: isUserManager },
      ],
    };
    const routesWith = createRoutesFor([...FEATURES, reports]);
    const manager = routesWith(principal({ admin: true }));
    expect(manager.paths).toEqual(expect.arrayContaining(['/report', '/report/:id']));
    expect(manager.menu.at(-1)).toEqual({ path: '/report', labelKey: 'reports:menu' });
    // an earlier feature's landing wins (the list order is the priority)
    expect(manager.index).toBe('/enquiry');
    const plain = routesWith(principal());
    expect(plain.paths).not.toContain('/report');
    expect(plain.menu.map((m) => m.path)).not.toContain('/report');
    expect(createRoutesFor([reports])(principal({ admin: true })).index).toBe('/report');
    expect(routesWith(null).paths).not.toContain('/report');
  });

  it('the app table is built from FEATURES: every path once, every menu entry a path of the table', () => {
    // a path appears once, with its page
    const all = FEATURES.flatMap((f) => f.routes.map((r) => r.path));
    expect(new Set(all).size).toBe(all.length);
    const pages = FEATURES.flatMap((f) => f.routes.filter((r) => r.element).map((r) => r.path));
    expect(new Set(pages).size).toBe(pages.length);
    for (const type of ['ADMIN', 'CUSTOMER', 'SUPPLIER', 'EXTERNAL'] as const) {
      for (const admin of [false, true]) {
        const table = routesFor(principal({ companyType: type, admin }));
        expect(table.paths).toContain(table.index);
        for (const entry of table.menu) expect(table.paths).toContain(entry.path);
      }
    }
  });

  it('the entry knows every signed-out page: PUBLIC_FEATURES holds each feature with one, and is part of FEATURES', () => {
    const publicOnes = FEATURES.filter((f) =>
      f.routes.some((r) => r.audience === 'signedOut' || r.audience === 'everyone'),
    );
    expect(publicOnes.filter((f) => !PUBLIC_FEATURES.includes(f)).map((f) => f.namespace)).toEqual([]);
    expect(PUBLIC_FEATURES.filter((f) => !FEATURES.includes(f))).toEqual([]);
    // the signed-out table the entry builds is the one all features give
    const { signInFirst: _omitted, ...entry } = PUBLIC_ROUTES.routesFor(null);
    const { signInFirst, ...app } = routesFor(null);
    expect(entry).toEqual(app);
    expect(signInFirst).toEqual(expect.arrayContaining(['/offer/:id', '/enquiry', '/article']));
    expect(PUBLIC_ROUTES.signedOutFallback).toBeDefined();
  });

  it("every registered path comes from config/paths.ts or the area's own paths.ts", () => {
    const known = knownPatterns();
    const unknown = FEATURES.flatMap((f) => f.routes.map((r) => r.path)).filter((p) => !known.has(p));
    expect(unknown).toEqual([]);
  });

  it('the features render their pages', () => {
    expect(elementFor(paths.users.list.path)).toBe(
      FEATURES.flatMap((f) => f.routes).find((r) => r.path === '/user')?.element,
    );
    for (const path of [paths.imports.bom.path, paths.imports.configs.path])
      expect(elementFor(path)).toBe(FEATURES.flatMap((f) => f.routes).find((r) => r.path === path)?.element);
  });

  it('each namespace is a file in public/locales/de and every menu label has a German text', () => {
    expect(NAMESPACES[0]).toBe('common');
    for (const ns of NAMESPACES) expect(i18next.hasResourceBundle('de', ns), ns).toBe(true);
    const labels = FEATURES.flatMap((f) => f.routes.flatMap((r) => (r.menu ? [r.menu.labelKey] : [])));
    expect(labels.filter((key) => !i18next.exists(key))).toEqual([]);
  });
});

describe("links come from config/paths.ts or the area's own paths.ts", () => {
  const src = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'testing' ? [] : files(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  // a link written by hand: navigate('/x'), to="/x", to={'/x'}, href="/x", <Navigate to="/x" ...>
  const HAND_WRITTEN = /(?:navigate\(\s*|\bto=\{?\s*|\bhref=\{?\s*)['"`]\//;

  it('no component writes a path string', () => {
    const offenders = files(src)
      .filter((f) => !f.endsWith(join('config', 'paths.ts')) && !/features[\\/][^\\/]+[\\/]paths\.ts$/.test(f))
      .filter((f) => HAND_WRITTEN.test(readFileSync(f, 'utf8')))
      .map((f) => relative(src, f));
    expect(offenders).toEqual([]);
  });
});
