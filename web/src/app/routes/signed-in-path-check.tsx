import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { APP_ROUTES } from './route-table';
import { SignInFirst } from './sign-in-first';

/** The signed-in pages' patterns (every feature's), for a signed-out visitor who opens one. */
const SIGNED_IN_PATTERNS = APP_ROUTES.routesFor(null).signInFirst;

/**
 * Signed out at a path the public routes do not know (a chunk of its own: it carries every area's route
 * declarations): a signed-in page leads to the sign-in and back; anything else shows `otherwise` (the invite page).
 */
export function SignedInPathCheck({ otherwise }: { otherwise: ReactNode }) {
  const { pathname } = useLocation();
  return SIGNED_IN_PATTERNS.some((pattern) => matchPath(pattern, pathname)) ? <SignInFirst /> : otherwise;
}
