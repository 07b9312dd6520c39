import type { CompanyType } from '@model/company';

/**
 * The role-based route tables of spec 2 as DATA: `routesFor(principal)` says which path patterns exist,
 * where the index redirects to, what the main menu shows and what an unknown path renders. The router
 * (`app/router.tsx`) only turns this into <Route> elements, so the rules are unit-testable here.
 */
export interface RoutePrincipal {
  companyType: CompanyType;
  admin: boolean;
  passwordChangeNeeded: boolean;
  pendingRegistration: boolean;
}

export interface MenuEntry {
  path: string;
  /** i18n key of the label */
  labelKey: string;
}

export interface RouteTable {
  /** where "/" redirects to */
  index: string;
  /** path patterns (react-router syntax) that render a page */
  paths: string[];
  /** paths that only redirect: pattern -> target ("login" means: the post-login redirect) */
  redirects: Record<string, string>;
  menu: MenuEntry[];
  /** restricted mode: password change needed or registration pending - every path leads to /profile */
  restricted: boolean;
  /** what an unknown path shows */
  fallback: 'invite' | 'notFound' | 'profile';
}

export const LEGAL_PATHS = ['/imprint', '/privacy', '/tom', '/avb', '/subcontractors'];

export const SIGNED_OUT_PATHS = [
  '/login',
  '/forget',
  '/reset',
  '/action',
  '/register',
  '/business-data/:id',
  '/business-data/invite/:id',
  ...LEGAL_PATHS,
];

/**
 * Links from mails (invitation / password reset: /action, then /reset) belong to whoever opens them: a signed-in
 * session is ended first and the signed-out page continues at the same address (Root does this).
 */
export const SIGN_OUT_FIRST_PATHS = ['/action', '/reset'];

export function signsOutFirst(pathname: string): boolean {
  return SIGN_OUT_FIRST_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

const USER_PATHS = ['/user', '/user/:id'];
const FIELD_VALUE_LISTS = ['manufacturer', 'discount', 'unit', 'wholesaler'];

const menu = (path: string): MenuEntry => ({ path, labelKey: `menu.${path.slice(1).replace(/\//g, '.')}` });

export function isRestricted(p: RoutePrincipal): boolean {
  return p.passwordChangeNeeded || p.pendingRegistration;
}

export function routesFor(principal: RoutePrincipal | null): RouteTable {
  if (!principal) {
    return { index: '/login', paths: SIGNED_OUT_PATHS, redirects: {}, menu: [], restricted: false, fallback: 'invite' };
  }
  if (isRestricted(principal)) {
    return { index: '/profile', paths: ['/profile'], redirects: {}, menu: [], restricted: true, fallback: 'profile' };
  }
  const common = ['/profile', ...LEGAL_PATHS];
  const redirects = { '/register': '/profile', '/login': 'login' };
  const { companyType, admin } = principal;
  let index: string;
  let paths: string[];
  let entries: string[];

  if (companyType === 'ADMIN' && admin) {
    index = '/user';
    paths = [
      '/messages',
      '/company',
      '/company/:id',
      '/article',
      '/article/:id',
      '/fieldvalues',
      ...FIELD_VALUE_LISTS.flatMap((l) => [`/fieldvalues/${l}`, `/fieldvalues/${l}/:id`]),
      '/import/config',
      '/import/config/:id',
      '/import/stueckliste',
      ...USER_PATHS,
    ];
    entries = ['/company', '/article', '/fieldvalues', '/import/config', '/import/stueckliste'];
  } else if (companyType === 'ADMIN') {
    // Spec 2: the table for ADMIN without flag lists /user as the index only (list, no form) and no menu entry.
    index = '/user';
    paths = ['/messages', '/article', '/article/:id', '/import/stueckliste', '/user'];
    entries = ['/article', '/import/stueckliste'];
  } else if (companyType === 'EXTERNAL') {
    index = '/business-data';
    paths = ['/business-data', '/business-data/:id'];
    entries = ['/business-data'];
  } else {
    index = '/enquiry';
    paths = [
      '/messages',
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
      ...(admin ? USER_PATHS : []),
    ];
    entries = ['/enquiry', '/offer', '/order', '/job'];
  }
  // Any admin flag adds the user entry at the front (not for EXTERNAL: business data only).
  if (admin && companyType !== 'EXTERNAL') entries = ['/user', ...entries];
  return { index, paths: [...paths, ...common], redirects, menu: entries.map(menu), restricted: false, fallback: 'notFound' };
}
