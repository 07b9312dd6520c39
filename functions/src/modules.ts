import type { Area, AreaDeps, AreaModule } from './http/area-module.js';
import { createAuthenticate, PRINCIPALS_PORT } from './http/authenticate.js';
import { bomArea } from './modules/bom/bom.module.js';
import { businessDataArea } from './modules/business-data/business-data.module.js';
import { articleTransferArea } from './modules/article-transfer/article-transfer.module.js';
import { catalogueArea } from './modules/catalogue/catalogue.module.js';
import { chatArea } from './modules/chat/chat.module.js';
import { companiesArea } from './modules/companies/companies.module.js';
import { enquiriesArea } from './modules/enquiries/enquiries.module.js';
import { filesArea } from './modules/files/files.module.js';
import { importConfigsArea } from './modules/import-configs/import-configs.module.js';
import { healthArea } from './modules/health/health.module.js';
import { legalArea } from './modules/legal/legal.module.js';
import { offersArea } from './modules/offers/offers.module.js';
import { usersArea } from './modules/users/users.module.js';
import { createPlatform, type PlatformDeps } from './platform/platform.js';
import { Ports } from './platform/ports.js';

/**
 * Every area of the API, one line each. An area is built after the ones it asks for (through ports); its
 * routes, file owners, task kinds, list shapes and error codes come from its own folder.
 */
export const AREAS: readonly Area[] = [
  healthArea,
  usersArea,
  companiesArea,
  legalArea,
  filesArea,
  enquiriesArea,
  offersArea,
  businessDataArea,
  chatArea,
  catalogueArea,
  importConfigsArea,
  articleTransferArea,
  bomArea,
];

/**
 * The composition root: the areas built from one injected `{db, auth, config}` so the function, the seed and the
 * tests run the same code. It mounts nothing itself (app.ts mounts `modules`); it registers what each area
 * contributes with the platform.
 */
export function createModules(deps: PlatformDeps, areas: readonly Area[] = AREAS) {
  const platform = createPlatform(deps);
  const ports = new Ports();
  // the callers are known to an area (PRINCIPALS_PORT), built with this authenticate like every other
  const loadPrincipal = ports.later(PRINCIPALS_PORT);
  const authenticate = createAuthenticate(platform.verifier, (uid) => loadPrincipal()(uid));
  const d: AreaDeps = { ...platform, authenticate, ports };
  const modules: AreaModule[] = areas.map((area) => {
    const built = area.create(d);
    for (const kind of built.taskKinds ?? []) platform.taskKinds.register(kind);
    for (const owner of built.fileOwners ?? []) platform.fileOwners.register(owner);
    return built;
  });
  ports.assertComplete();
  return { platform, authenticate, ports, modules };
}

export type Modules = ReturnType<typeof createModules>;
