import { describe, expect, it } from 'vitest';
import { COMPANY_TYPES, type CompanyType } from '@model/company';
import { isPlatformAdmin } from '@model/permissions';
import type { RouteAccess } from '@/lib/feature';
import { FEATURES } from '../features';
import { LEGAL_PATHS, routesFor, SIGN_OUT_FIRST_PATHS, signsOutFirst, type RoutePrincipal } from './route-table';

const p = (companyType: CompanyType, admin: boolean, extra: Partial<RoutePrincipal> = {}): RoutePrincipal => ({
  companyType,
  admin,
  passwordChangeNeeded: false,
  pendingRegistration: false,
  ...extra,
});
const menuOf = (principal: RoutePrincipal) => routesFor(principal).menu.map((m) => m.path);

/**
 * The spec's menu of a role, pinned in its order; entries that later areas declare may join it (each is checked
 * against its own declaration in "every declared menu entry" below), so a new area edits no test here.
 */
const expectSpecMenu = (principal: RoutePrincipal, spec: string[]) =>
  expect(menuOf(principal).filter((path) => spec.includes(path))).toEqual(spec);

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
    expectSpecMenu(p('ADMIN', true), [
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
    expectSpecMenu(p('ADMIN', false), ['/article', '/import/stueckliste']);
    expect(menuOf(p('ADMIN', false))).not.toContain('/user');
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
      expectSpecMenu(p(type, false), ['/enquiry', '/offer', '/order', '/job']);
      expect(menuOf(p(type, false))).not.toContain('/user');

      const admin = routesFor(p(type, true));
      expect(admin.paths).toEqual(expect.arrayContaining(['/user', '/user/:id']));
      expectSpecMenu(p(type, true), ['/user', '/enquiry', '/offer', '/order', '/job']);
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
    expectSpecMenu(p('EXTERNAL', admin), ['/business-data']);
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

  it("menu labels are i18n keys of the area's namespace", () => {
    expect(routesFor(p('ADMIN', true)).menu.find((m) => m.path === '/article')?.labelKey).toBe('articles:menu');
  });
});

describe('every declared menu entry (FEATURES)', () => {
  const roles = COMPANY_TYPES.flatMap((type) => [p(type, false), p(type, true)]);
  const accessOf = (principal: RoutePrincipal): RouteAccess => ({
    ...principal,
    platformAdmin: isPlatformAdmin(principal, principal.companyType),
  });

  it.each(roles.map((r) => [`${r.companyType}${r.admin ? ' admin' : ''}`, r] as const))(
    '%s: the menu holds exactly the entries whose visible/allowed admit the role, in FEATURES order',
    (_role, principal) => {
      const access = accessOf(principal);
      const declared = FEATURES.flatMap((f) => f.routes).filter(
        (r) =>
          r.menu &&
          r.audience !== 'signedOut' &&
          (r.allowed?.(access) ?? true) &&
          (r.menu.visible ?? r.allowed ?? (() => true))(access),
      );
      expect(routesFor(principal).menu).toEqual(declared.map((r) => ({ path: r.path, labelKey: r.menu!.labelKey })));
    },
  );

  it('each entry shows for at least one role, and nobody in restricted mode or signed out sees a menu', () => {
    const entries = FEATURES.flatMap((f) => f.routes).filter((r) => r.menu);
    for (const entry of entries)
      expect(
        roles.some((r) => menuOf(r).includes(entry.path)),
        entry.path,
      ).toBe(true);
    expect(routesFor(null).menu).toEqual([]);
    for (const r of roles) expect(routesFor({ ...r, passwordChangeNeeded: true }).menu).toEqual([]);
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
