import type { Router } from 'express';

/**
 * What each area (modules/<area>) hands to app.ts: its router and the path it is mounted under, both
 * as `/api<path>` (Hosting keeps the prefix) and `<path>` (direct calls). Adding an area is one entry
 * in app.ts's module list.
 */
export interface AreaModule {
  /** e.g. '/user' */
  path: string;
  router: Router;
}
