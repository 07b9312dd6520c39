import { isPlatformAdmin } from '@model/permissions';
import { NotFound } from '@/components/errors/not-found';
import { paths } from '@/config/paths';
import type { Feature, FeatureRoute, RouteAccess, RoutePrincipal } from '@/lib/feature';
import type { ComponentType } from 'react';

export type { RoutePrincipal } from '@/lib/feature';

/**
 * The role-based route tables of spec 2 as DATA, built from the routes a list of features registers:
 * `routesFor(principal)` says which path patterns exist, where the index redirects to, what the main menu shows and
 * what an unknown path renders. `AppRoutes` only turns this into <Route>s. Two lists use it: the public features
 * (routes/public-routes.ts, in the entry: the sign-in page loads no signed-in area's declarations) and all features
 * (routes/route-table.ts, in the signed-in chunk).
 */
interface MenuEntry {
  path: string;
  /** i18n key of the label (with its namespace when it is not common, e.g. 'users:menu') */
  labelKey: string;
}

export interface RouteTable {
  /** where "/" redirects to */
  index: string;
  /** path patterns (react-router syntax) that render a page */
  paths: string[];
  /** restricted mode: pages open next to its one page (the legal pages the footer links); empty otherwise */
  alsoOpen: string[];
  /** paths that only redirect: pattern -> target ("login" means: the post-login redirect) */
  redirects: Record<string, string>;
  menu: MenuEntry[];
  /** restricted mode: password change needed or registration pending - every path leads to /profile */
  restricted: boolean;
  /** what an unknown path shows */
  fallback: 'invite' | 'notFound' | 'profile';
  /**
   * signed out: the patterns of the signed-in pages (a mail link to `/offer/{id}`): they lead to the sign-in and,
   * after it, to the same address (lib/return-to). Empty when signed in.
   */
  signInFirst: string[];
}

function isRestricted(p: RoutePrincipal): boolean {
  return p.passwordChangeNeeded || p.pendingRegistration;
}

function accessOf(p: RoutePrincipal): RouteAccess {
  return { ...p, platformAdmin: isPlatformAdmin(p, p.companyType) };
}

const signedOut = (r: FeatureRoute) => r.audience === 'signedOut' || r.audience === 'everyone';
const signedIn = (r: FeatureRoute) => r.audience !== 'signedOut';

/** The features' routes, in FEATURES order (the menu's); one route per path (route-table.test.ts checks it). */
const routesOf = (features: readonly Feature[]): FeatureRoute[] => features.flatMap((f) => f.routes);

/** The route-table function of a list of features (the app's list, or a test's). */
export function createRoutesFor(features: Feature[]) {
  const routes = routesOf(features);
  return function routesFor(principal: RoutePrincipal | null): RouteTable {
    if (!principal) {
      const open = routes.filter(signedOut).map((r) => r.path);
      return {
        index: paths.auth.login.path,
        paths: open,
        alsoOpen: [],
        redirects: {},
        menu: [],
        restricted: false,
        fallback: 'invite',
        signInFirst: routes.filter((r) => signedIn(r) && !open.includes(r.path)).map((r) => r.path),
      };
    }
    if (isRestricted(principal)) {
      const only = routes.filter((r) => r.restricted).map((r) => r.path);
      return {
        index: only[0] ?? paths.profile.path,
        paths: only,
        alsoOpen: routes.filter((r) => r.openInRestrictedMode && !r.restricted).map((r) => r.path),
        redirects: {},
        menu: [],
        restricted: true,
        fallback: 'profile',
        signInFirst: [],
      };
    }
    const access = accessOf(principal);
    const open = routes.filter((r) => signedIn(r) && (r.allowed?.(access) ?? true));
    const menu = open
      .filter((r) => r.menu && (r.menu.visible ?? r.allowed ?? (() => true))(access))
      .map((r) => ({ path: r.path, labelKey: r.menu!.labelKey }));
    return {
      index: open.find((r) => r.landing?.(access))?.path ?? paths.profile.path,
      paths: open.map((r) => r.path),
      alsoOpen: [],
      // signed in: the registration is done; /login right after the sign-in continues where the link pointed
      redirects: { [paths.auth.register.path]: paths.profile.path, [paths.auth.login.path]: 'login' },
      menu,
      restricted: false,
      fallback: 'notFound',
      signInFirst: [],
    };
  };
}

/** What the route component needs of a feature list beyond its tables: pages and the signed-out specials. */
export function routeFacts(features: readonly Feature[]) {
  const all = routesOf(features);
  const elements = new Map(all.map((r) => [r.path, r.element] as const));
  return {
    routesFor: createRoutesFor([...features]),
    /** the page of a path pattern (the table's paths all have one; any other path is not found) */
    elementFor: (path: string): ComponentType => elements.get(path) ?? NotFound,
    /**
     * links from mails (invitation / password reset: /action, then /reset) belong to whoever opens them: a signed-in
     * session is ended first and the signed-out page continues at the same address (Root does this)
     */
    signOutFirstPaths: all.filter((r) => r.signOutFirst).map((r) => r.path),
    /** signed-out pages that bring their own (card) layout */
    ownLayoutPaths: all.filter((r) => r.ownLayout).map((r) => r.path),
    /** what a signed-out unknown path shows: the page of the route marked `signedOutFallback` (the invite screen) */
    signedOutFallback: all.find((r) => r.signedOutFallback)?.element,
  };
}

export type RouteFacts = ReturnType<typeof routeFacts>;
