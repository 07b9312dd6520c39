import type { Router } from 'express';
import type { PagedListShape } from '../data/paged-query.js';
import type { ErrorTable } from '../model/api-error.js';
import type { FileOwner } from '../platform/files/file-owners.js';
import type { Platform } from '../platform/platform.js';
import type { Ports } from '../platform/ports.js';
import type { TaskKind } from '../platform/tasks/task-kind.js';
import type { Authenticate } from './authenticate.js';

/**
 * What an area contributes once it is built (`create` of its Area): the composition root (modules.ts `createModules`)
 * mounts the router under `/api<path>` and `<path>`, registers the file owners with the /file calls and the task
 * kinds with the background-task runner. Nothing else in the platform knows an area.
 */
export interface AreaModule {
  /** e.g. '/user' (with `router`) */
  path?: string;
  router?: Router;
  /** further routers of the same area under their own paths (e.g. the catalogue's /article, /manufacturer, …) */
  mounts?: ReadonlyArray<{ path: string; router: Router }>;
  /** folders of the generic /file calls this area owns (platform/files/file-owners.ts) */
  fileOwners?: FileOwner[];
  /** kinds of background work it runs (platform/tasks/README.md) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind parses its own stored params
  taskKinds?: TaskKind<any>[];
}

/** Every router an area mounts, with its path (`path`/`router` and `mounts`). */
export function mountsOf(m: AreaModule): Array<{ path: string; router: Router }> {
  return [...(m.path && m.router ? [{ path: m.path, router: m.router }] : []), ...(m.mounts ?? [])];
}

/** What every area's `create` receives: the shared infrastructure, the one authenticate middleware, the ports. */
export interface AreaDeps extends Platform {
  authenticate: Authenticate;
  /** what areas listed earlier in modules.ts offer (platform/ports.ts) */
  ports: Ports;
}

/**
 * One area of the API (modules/<area>/<area>.module.ts, `<area>Area = defineArea({...})`): its static facts, readable without building it, and the
 * function that builds it. Its access rows (`<area>.access.ts`), seed (`<area>.seed.ts`) and benchmark
 * (`<area>.bench.ts`) are found by file name; adding an area is its folder plus one line in modules.ts.
 */
export interface Area<M extends AreaModule = AreaModule> {
  /** its folder under modules/, e.g. 'offers' */
  name: string;
  /** the server-side lists it runs: firestore.indexes.json is derived from them (`npm run indexes`) */
  pageShapes?: readonly PagedListShape[];
  /** its error codes and their statuses (model/<area>.ts); the web has a German text for each */
  errors?: ErrorTable;
  create(deps: AreaDeps): M;
}

export const defineArea = <M extends AreaModule>(area: Area<M>): Area<M> => area;
