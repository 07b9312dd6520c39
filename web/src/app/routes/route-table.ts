import { legalFeature } from '@/features/legal/feature';
import { FEATURES } from '../features';
import { routeFacts } from './route-builders';

export * from './route-builders';
export { signsOutFirst } from './public-routes';

/** The route facts of every feature (the signed-in chunk; the entry has app/routes/public-routes.ts). */
export const APP_ROUTES = routeFacts(FEATURES);

export const routesFor = APP_ROUTES.routesFor;
export const elementFor = APP_ROUTES.elementFor;
export const SIGN_OUT_FIRST_PATHS = APP_ROUTES.signOutFirstPaths;
export const LEGAL_PATHS = legalFeature.routes.map((r) => r.path);
