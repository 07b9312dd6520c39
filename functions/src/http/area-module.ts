import type { Router } from 'express';
import type { Platform } from '../platform/platform.js';
import type { Authenticate } from './authenticate.js';

/**
 * What each area (modules/<area>) hands to app.ts: its router and the path it is mounted under, both
 * as `/api<path>` (Hosting keeps the prefix) and `<path>` (direct calls). Adding an area is one entry
 * in the module list (functions/src/modules.ts).
 */
export interface AreaModule {
  /** e.g. '/user' */
  path: string;
  router: Router;
}

/** What every `create<Area>Module` receives: the shared infrastructure and the one authenticate middleware. */
export interface AreaDeps extends Platform {
  authenticate: Authenticate;
}
