import { Router } from 'express';
import * as yup from 'yup';
import type { Container } from '../../container.js';
import { principalOf } from '../../http/authenticate.js';
import {
  fromBody, fromQuery, requireCompanyType, requireManagerOf, requireManagerOfCompanyQuery,
  requireSelfQuery, requireUserLister, requireUserManager, requireUserReader,
} from '../../http/guards.js';
import { handle } from '../../http/handler.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { idSchema } from '../../model/id.js';
import { mailSchema, passwordChangeSchema, registrationSchema, userSchema, userUpdateSchema } from '../../model/user.js';

const idQuery = yup.object({ id: idSchema });
const userIdQuery = yup.object({ userId: idSchema });
const companyIdQuery = yup.object({ companyId: idSchema });
const mailQuery = yup.object({ mail: mailSchema });
const infoQuery = yup.object({ info: yup.string().trim().max(2000).optional() });

/** /user/* — docs/api.md. Each route: authenticate → guard → validate → service. */
export function usersRouter(c: Container): Router {
  const r = Router();
  const lookup = (id: string) => c.usersRepo.get(id);
  const self = { allowRestricted: true };

  r.post('/register', validateQuery(infoQuery), validateBody(registrationSchema), handle(async (req, res) => res.status(201).json(await c.account.register(req.body, res.locals.query.info))));
  r.post('/password/reset', c.authenticate(self), validateBody(passwordChangeSchema), handle(async (req, res) => res.json(await c.account.changePassword(principalOf(res), req.body.mail, req.body.password))));
  r.get('/password/reset', validateQuery(mailQuery), handle(async (_req, res) => res.json(await c.account.requestPasswordReset(res.locals.query.mail))));
  r.get('/update/counter', c.authenticate(self), requireSelfQuery('userId'), handle(async (_req, res) => res.json(await c.users.recordLogin(principalOf(res)))));
  r.get('/lastlogin', c.authenticate(), requireCompanyType('ADMIN'), handle(async (_req, res) => res.json(await c.users.lastLogin())));
  r.get('/all', c.authenticate(), requireUserLister, handle(async (_req, res) => res.json(await c.users.list(principalOf(res)))));
  r.get('/company', c.authenticate(), requireManagerOfCompanyQuery('companyId'), validateQuery(companyIdQuery), handle(async (_req, res) => res.json(await c.users.listByCompany(res.locals.query.companyId))));
  r.post('/update', c.authenticate(), requireManagerOf(fromBody('id'), lookup, { allowSelf: true }), validateBody(userUpdateSchema), handle(async (req, res) => res.json(await c.users.update(principalOf(res), req.body))));
  r.post('/delete', c.authenticate(), requireManagerOf(fromQuery('userId'), lookup, { forbidSelf: true }), validateQuery(userIdQuery), handle(async (_req, res) => { await c.users.delete(principalOf(res), res.locals.query.userId); res.json({ ok: true }); }));
  r.get('/', c.authenticate(self), requireUserReader('id', lookup), validateQuery(idQuery), handle(async (_req, res) => res.json(await c.users.get(res.locals.query.id))));
  r.post('/', c.authenticate(), requireUserManager, validateBody(userSchema), handle(async (req, res) => {
    const result = await c.users.create(principalOf(res), req.body);
    if (result.created) res.status(201).json(result.user);
    else res.status(200).json({ code: result.code });
  }));
  return r;
}
