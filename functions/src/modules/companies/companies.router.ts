import { Router } from 'express';
import * as yup from 'yup';
import type { Container } from '../../container.js';
import { principalOf } from '../../http/authenticate.js';
import { requireCompanyType, requireOwnCompanyOrPlatformAdmin, requirePlatformAdmin } from '../../http/guards.js';
import { handle } from '../../http/handler.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { idSchema } from '../../model/id.js';
import { companySchema, companyUpdateSchema } from '../../model/company.js';

const idQuery = yup.object({ id: idSchema });
const companyIdQuery = yup.object({ companyId: idSchema });

/** /company/* — docs/api.md. Each route: authenticate → guard → validate → service. */
export function companiesRouter(c: Container): Router {
  const r = Router();
  r.get('/all', c.authenticate(), requireCompanyType('ADMIN'), handle(async (_req, res) => res.json(await c.companies.list())));
  r.post('/update', c.authenticate(), requirePlatformAdmin, validateBody(companyUpdateSchema), handle(async (req, res) => res.json(await c.companies.update(principalOf(res), req.body))));
  r.post('/delete', c.authenticate(), requirePlatformAdmin, validateQuery(companyIdQuery), handle(async (_req, res) => { await c.companies.delete(principalOf(res), res.locals.query.companyId); res.json({ ok: true }); }));
  r.get('/', c.authenticate({ allowRestricted: true }), requireOwnCompanyOrPlatformAdmin('id'), validateQuery(idQuery), handle(async (_req, res) => res.json(await c.companies.get(res.locals.query.id))));
  r.post('/', c.authenticate(), requirePlatformAdmin, validateBody(companySchema), handle(async (req, res) => res.status(201).json(await c.companies.create(principalOf(res).uid, req.body))));
  return r;
}
