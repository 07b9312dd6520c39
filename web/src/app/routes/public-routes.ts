import { PUBLIC_FEATURES } from '../public-features';
import { routeFacts } from './route-builders';

/** The signed-out route facts, from the public features only (the entry bundle; app/public-features.ts). */
export const PUBLIC_ROUTES = routeFacts(PUBLIC_FEATURES);

export function signsOutFirst(pathname: string): boolean {
  return PUBLIC_ROUTES.signOutFirstPaths.includes(pathname.replace(/\/+$/, '') || '/');
}
