import type { AreaModule } from './http/area-module.js';
import { createAuthenticate } from './http/authenticate.js';
import { CompaniesRepository } from './modules/companies/companies.repository.js';
import { createCompaniesModule } from './modules/companies/companies.module.js';
import { createEnquiriesModule } from './modules/enquiries/enquiries.module.js';
import { createFilesModule } from './modules/files/files.module.js';
import { createHealthModule } from './modules/health/health.module.js';
import { createLegalModule } from './modules/legal/legal.module.js';
import { createOffersModule } from './modules/offers/offers.module.js';
import { principalLoader } from './modules/users/principal.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { createUsersModule } from './modules/users/users.module.js';
import { createPlatform, type PlatformDeps } from './platform/platform.js';

/**
 * The module list: every area of the API, built from one injected `{db, auth, config}` so the function,
 * the seed and the tests run the same code. Adding an area is one line here (app.ts mounts the list).
 */
export function createModules(deps: PlatformDeps) {
  const platform = createPlatform(deps);
  const authenticate = createAuthenticate(
    platform.verifier,
    principalLoader(new UsersRepository(platform.db), new CompaniesRepository(platform.db)),
  );
  const d = { ...platform, authenticate };

  const health = createHealthModule(platform);
  const users = createUsersModule(d);
  const companies = createCompaniesModule(d);
  const legal = createLegalModule(d);
  const enquiries = createEnquiriesModule(d);
  const offers = createOffersModule({ ...d, enquiries: enquiries.service });
  const files = createFilesModule({
    authenticate,
    companiesRepo: new CompaniesRepository(platform.db),
    enquiries: enquiries.service,
    offers: offers.service,
    bucket: platform.bucket,
  });
  const modules: AreaModule[] = [health, users, companies, legal, files, enquiries, offers];

  return {
    platform,
    authenticate,
    modules,
    users: users.service,
    account: users.account,
    companies: companies.service,
    enquiries: enquiries.service,
    offers: offers.service,
  };
}

export type Modules = ReturnType<typeof createModules>;
