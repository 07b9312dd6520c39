import { Router } from 'express';
import * as yup from 'yup';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { requireCompanyType, requirePlatformAdmin } from '../../http/guards.js';
import { sendListExport } from '../../http/csv-export.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { companyFilterSchema, companySchema, companyUpdateSchema } from '../../model/company.js';
import { idSchema } from '../../model/id.js';
import { USERS_PORT } from '../users/users.port.js';
import { COMPANIES_PORT } from './companies.port.js';
import { COMPANIES_PAGE_SHAPE, CompaniesRepository } from './companies.repository.js';
import { COMPANY_EXPORT } from './company-export.js';
import { companyDocumentsOwner } from './company-documents.js';
import { CompaniesService } from './companies.service.js';
import { revokeCompanySessionsTask } from './revoke-company-sessions.task.js';

const idQuery = yup.object({ id: idSchema });
const companyIdQuery = yup.object({ companyId: idSchema });

/** /company/* — docs/api.md. Each route: authenticate → guard (caller facts) → validate → service (record rules). */
function createCompaniesModule(d: AreaDeps): AreaModule {
  const users = d.ports.get(USERS_PORT).records;
  const repo = new CompaniesRepository(d.db);
  const companies = new CompaniesService({
    companies: repo,
    users,
    mail: d.mail,
    identity: d.identity,
    transaction: d.transaction,
    tasks: d.tasks,
    portalUrl: d.config.portalUrl,
    now: d.now,
  });
  const r = Router();
  r.get('/all', d.authenticate(), requireCompanyType('ADMIN'), async (_req, res) => res.json(await companies.list()));
  r.get('/filter', d.authenticate(), requirePlatformAdmin, validateQuery(companyFilterSchema), async (_req, res) =>
    res.json(await companies.filter(res.locals.query)),
  );
  r.post('/export', d.authenticate(), requirePlatformAdmin, validateBody(COMPANY_EXPORT.schema), async (req, res) =>
    sendListExport(res, req.body, companies.rows(req.body.query), COMPANY_EXPORT.fields),
  );
  r.post('/update', d.authenticate(), requirePlatformAdmin, validateBody(companyUpdateSchema), async (req, res) =>
    res.json(await companies.update(principalOf(res), req.body)),
  );
  r.post('/delete', d.authenticate(), requirePlatformAdmin, validateQuery(companyIdQuery), async (_req, res) => {
    await companies.delete(principalOf(res), res.locals.query.companyId);
    res.json({ ok: true });
  });
  r.get('/', d.authenticate({ allowRestricted: true }), validateQuery(idQuery), async (_req, res) =>
    res.json(await companies.get(principalOf(res), res.locals.query.id)),
  );
  r.post('/', d.authenticate(), requirePlatformAdmin, validateBody(companySchema), async (req, res) =>
    res.status(201).json(await companies.create(principalOf(res).uid, req.body)),
  );
  d.ports.provide(COMPANIES_PORT, { companies, records: repo });
  return {
    path: '/company',
    router: r,
    fileOwners: [companyDocumentsOwner(repo)],
    taskKinds: [revokeCompanySessionsTask({ users, identity: d.identity })],
  };
}

/** Companies: registration release, the admin's company list, each company's documents (docs/api.md "Companies"). */
export const companiesArea = defineArea({
  name: 'companies',
  pageShapes: [COMPANIES_PAGE_SHAPE],
  create: createCompaniesModule,
});
