import { describe, expect, it } from 'vitest';
import type { CompanyType } from '@model/company';
import type { Feature } from '@/lib/feature';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { catalogueAndImportPlaceholders } from '../coming-soon-features';
import {
  createRoutesFor,
  effectiveRoutes,
  elementFor,
  LEGAL_PATHS,
  routesFor,
  SIGN_OUT_FIRST_PATHS,
  signsOutFirst,
  type RoutePrincipal,
} from './route-table';

const p = (companyType: CompanyType, admin: boolean, extra: Partial<RoutePrincipal> = {}): RoutePrincipal => ({
  companyType,
  admin,
  passwordChangeNeeded: false,
  pendingRegistration: false,
  ...extra,
});
const menuOf = (principal: RoutePrincipal) => routesFor(principal).menu.map((m) => m.path);

describe('routesFor', () => {
  it('signed out: the public pages, index to /login, unknown paths show the invite screen', () => {
    const t = routesFor(null);
    expect(t.index).toBe('/login');
    expect(t.paths).toEqual(
      expect.arrayContaining([
        '/login',
        '/forget',
        '/reset',
        '/action',
        '/register',
        '/business-data/:id',
        '/business-data/invite/:id',
        ...LEGAL_PATHS,
      ]),
    );
    expect(t.paths).not.toContain('/profile');
    expect(t.menu).toEqual([]);
    expect(t.fallback).toBe('invite');
  });

  it('ADMIN with flag: index /user, management routes and menu with /user first', () => {
    const t = routesFor(p('ADMIN', true));
    expect(t.index).toBe('/user');
    expect(t.paths).toEqual(
      expect.arrayContaining([
        '/messages',
        '/profile',
        '/company',
        '/company/:id',
        '/article',
        '/article/:id',
        '/fieldvalues',
        '/fieldvalues/manufacturer',
        '/fieldvalues/discount/:id',
        '/fieldvalues/unit',
        '/fieldvalues/wholesaler/:id',
        '/import/config',
        '/import/config/:id',
        '/import/stueckliste',
        '/user',
        '/user/:id',
        ...LEGAL_PATHS,
      ]),
    );
    expect(t.paths).not.toContain('/enquiry');
    expect(menuOf(p('ADMIN', true))).toEqual([
      '/user',
      '/company',
      '/article',
      '/fieldvalues',
      '/import/config',
      '/import/stueckliste',
    ]);
    expect(t.fallback).toBe('notFound');
    expect(t.redirects['/register']).toBe('/profile');
  });

  it('ADMIN without flag: index /user (list only), articles and BOM import, no company management', () => {
    const t = routesFor(p('ADMIN', false));
    expect(t.index).toBe('/user');
    expect(t.paths).toEqual(
      expect.arrayContaining(['/messages', '/profile', '/article', '/article/:id', '/import/stueckliste', '/user']),
    );
    expect(t.paths).not.toContain('/user/:id');
    expect(t.paths).not.toContain('/company');
    expect(t.paths).not.toContain('/import/config');
    expect(menuOf(p('ADMIN', false))).toEqual(['/article', '/import/stueckliste']);
  });

  it.each(['CUSTOMER', 'SUPPLIER'] as const)(
    '%s: index /enquiry, workflow routes; /user only with the flag',
    (type) => {
      const plain = routesFor(p(type, false));
      expect(plain.index).toBe('/enquiry');
      expect(plain.paths).toEqual(
        expect.arrayContaining([
          '/messages',
          '/profile',
          '/enquiry',
          '/enquiry/:id',
          '/offer',
          '/offer/new/:enquiryId',
          '/offer/:id',
          '/order',
          '/order/:id',
          '/job',
          '/job/:id',
          '/business-data',
          '/business-data/:id',
        ]),
      );
      expect(plain.paths).not.toContain('/user');
      expect(plain.paths).not.toContain('/company');
      expect(menuOf(p(type, false))).toEqual(['/enquiry', '/offer', '/order', '/job']);

      const admin = routesFor(p(type, true));
      expect(admin.paths).toEqual(expect.arrayContaining(['/user', '/user/:id']));
      expect(menuOf(p(type, true))).toEqual(['/user', '/enquiry', '/offer', '/order', '/job']);
    },
  );

  it.each([false, true])('EXTERNAL (admin=%s): index /business-data, business data only', (admin) => {
    const t = routesFor(p('EXTERNAL', admin));
    expect(t.index).toBe('/business-data');
    expect(t.paths.filter((x) => !LEGAL_PATHS.includes(x)).sort()).toEqual([
      '/business-data',
      '/business-data/:id',
      // the invitation's sign-in link, opened signed in: on to the folder
      '/business-data/invite/:id',
      '/profile',
    ]);
    expect(menuOf(p('EXTERNAL', admin))).toEqual(['/business-data']);
  });

  it.each([
    ['passwordChangeNeeded', { passwordChangeNeeded: true }],
    ['pendingRegistration', { pendingRegistration: true }],
  ])('restricted mode (%s): only /profile, every path leads to it', (_name, extra) => {
    for (const type of ['ADMIN', 'CUSTOMER', 'SUPPLIER', 'EXTERNAL'] as const) {
      for (const admin of [true, false]) {
        const t = routesFor(p(type, admin, extra));
        expect(t.restricted).toBe(true);
        expect(t.index).toBe('/profile');
        expect(t.paths).toEqual(['/profile']);
        expect(t.menu).toEqual([]);
        expect(t.fallback).toBe('profile');
      }
    }
  });

  it.each([
    ['passwordChangeNeeded', { passwordChangeNeeded: true }],
    ['pendingRegistration', { pendingRegistration: true }],
  ])('restricted mode (%s): the legal pages the footer links stay open', (_name, extra) => {
    const t = routesFor(p('CUSTOMER', true, extra));
    expect(t.alsoOpen).toEqual(['/imprint', '/privacy', '/tom', '/avb', '/subcontractors']);
    expect(routesFor(p('CUSTOMER', true)).alsoOpen).toEqual([]);
    expect(routesFor(null).alsoOpen).toEqual([]);
  });

  it('menu labels are i18n keys', () => {
    expect(routesFor(p('ADMIN', true)).menu.find((m) => m.path === '/import/config')?.labelKey).toBe(
      'menu.import.config',
    );
  });
});

describe('mail links while signed in', () => {
  it('/action and /reset are signed-out pages that end a signed-in session first', () => {
    expect(SIGN_OUT_FIRST_PATHS).toEqual(['/action', '/reset']);
    expect(routesFor(null).paths).toEqual(expect.arrayContaining(SIGN_OUT_FIRST_PATHS));
    expect(signsOutFirst('/action')).toBe(true);
    expect(signsOutFirst('/reset/')).toBe(true);
    expect(signsOutFirst('/login')).toBe(false);
    expect(signsOutFirst('/user')).toBe(false);
  });
});

describe('a built area supersedes its placeholder', () => {
  const ImportConfigsPage = () => null;
  // a new import area, added to the feature list AFTER the placeholders, without editing coming-soon-features.ts
  const importsFeature: Feature = {
    namespace: 'imports',
    routes: [
      {
        path: '/import/config',
        allowed: (a) => a.platformAdmin,
        menu: { labelKey: 'imports:menu' },
        element: ImportConfigsPage,
      },
    ],
  };
  const features = [catalogueAndImportPlaceholders, importsFeature];

  it("the route with a page wins, the path exists once, the menu shows the area's own entry once", () => {
    const routes = effectiveRoutes(features).filter((r) => r.path === '/import/config');
    expect(routes).toHaveLength(1);
    expect(routes[0]!.element).toBe(ImportConfigsPage);
    const table = createRoutesFor(features)(p('ADMIN', true));
    expect(table.paths.filter((path) => path === '/import/config')).toHaveLength(1);
    expect(table.menu.filter((m) => m.path === '/import/config')).toEqual([
      { path: '/import/config', labelKey: 'imports:menu' },
    ]);
    // the other placeholders of the same entry stay (no page yet)
    expect(table.paths).toEqual(expect.arrayContaining(['/import/config/:id', '/import/stueckliste']));
  });

  it('the app: the catalogue, import configurations, the BOM import and /messages have their pages', () => {
    for (const path of [
      '/import/stueckliste',
      '/messages',
      '/article',
      '/article/:id',
      '/fieldvalues',
      '/fieldvalues/unit/:id',
      '/import/config',
      '/import/config/:id',
    ]) {
      expect(elementFor(path)).toBeDefined();
      expect(elementFor(path)).not.toBe(ComingSoonPage);
    }
  });
});
