import { lazy, type ComponentType } from 'react';
import type { CompanyType } from '@model/company';

/** The signed-in caller as the route table sees it (facts from the current user and company). */
export interface RoutePrincipal {
  companyType: CompanyType;
  admin: boolean;
  passwordChangeNeeded: boolean;
  pendingRegistration: boolean;
}

/** The principal with the derived facts the model's permission functions take (`isUserManager(p)` ...). */
export interface RouteAccess extends RoutePrincipal {
  platformAdmin: boolean;
}

/** Who a route exists for: signed-out visitors, signed-in users (default), or both (legal pages). */
export type Audience = 'signedOut' | 'signedIn' | 'everyone';

/** One page an area registers: where, what, for whom, and its menu entry. */
export interface FeatureRoute {
  /** react-router pattern, from `config/paths.ts` */
  path: string;
  /** the page (lazy); absent: the coming-soon placeholder */
  element?: ComponentType;
  audience?: Audience;
  /** signed in: may this caller open it? Built from the model's permission functions. Default: everyone. */
  allowed?: (p: RouteAccess) => boolean;
  /** the main-menu entry (label with its namespace, e.g. 'users:menu'); `visible` defaults to `allowed` */
  menu?: { labelKey: string; visible?: (p: RouteAccess) => boolean };
  /** "/" lands here for callers matching this (spec 2: the index of each route table) */
  landing?: (p: RouteAccess) => boolean;
  /** the one page of restricted mode (password change needed, registration pending) */
  restricted?: boolean;
  /** also open in restricted mode, next to that one page (the legal pages: the footer links them) */
  openInRestrictedMode?: boolean;
  /** signed-out pages that bring their own card layout */
  ownLayout?: boolean;
  /** links from mails: a signed-in session is ended first, the page continues signed out */
  signOutFirst?: boolean;
}

/** What an area registers with the app (one line in `app/features.ts`). */
export interface Feature {
  /** its translation namespace: public/locales/de/<namespace>.json */
  namespace?: string;
  routes: FeatureRoute[];
}

/**
 * A lazily loaded page: `lazyPage(() => import('./components/user-list-page'), 'UserListPage')`. The page gets the
 * app's query cache (lib/query-scope, loaded with it); `{ queries: false }` for a page that uses no query (the
 * sign-in page, which then loads no TanStack Query).
 */
export function lazyPage<M>(load: () => Promise<M>, name: keyof M, { queries = true } = {}): ComponentType {
  return lazy(async () => {
    const [module, scope] = await Promise.all([load(), queries ? import('./query-scope') : undefined]);
    const Page = module[name] as ComponentType;
    return { default: scope ? scope.withQueryScope(Page) : Page };
  });
}
