import { Router } from 'express';
import * as yup from 'yup';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { AreaEvent } from '../../platform/events.js';
import type { Ports } from '../../platform/ports.js';
import { PRINCIPALS_PORT, principalOf } from '../../http/authenticate.js';
import { requireCompanyType, requireUserLister, requireUserManager } from '../../http/guards.js';
import { clientAddress } from '../../http/client-address.js';
import { sendListExport } from '../../http/csv-export.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { consentAcceptSchema, consentFilterSchema } from '../../model/consent-schemas.js';
import { idSchema } from '../../model/id.js';
import {
  mailSchema,
  passwordChangeSchema,
  registrationSchema,
  userFilterSchema,
  USER_ERRORS,
  userSchema,
  userUpdateSchema,
} from '../../model/user.js';
import { COMPANIES_PORT, type CompanyRecords } from '../companies/companies.port.js';
import { AccountService } from './account.service.js';
import { ConsentService } from './consent.service.js';
import { CONSENTS_PAGE_SHAPE, ConsentsRepository } from './consents.repository.js';
import { principalLoader } from './principal.js';
import { RegistrationDigestRepository } from './registration-digest.repository.js';
import { registrationDigestIntervalMs } from './registration-limits.js';
import { RegistrationDigest, registrationDigestTask } from './registration-digest.task.js';
import { sendPasswordResetTask } from './send-password-reset.task.js';
import { USERS_PAGE_SHAPE, UsersRepository } from './users.repository.js';
import { USERS_PORT, type UserEvents, type UserLeftCompany } from './users.port.js';
import { UsersService } from './users.service.js';
import { USER_EXPORT } from './user-export.js';

const idQuery = yup.object({ id: idSchema });
const userIdQuery = yup.object({ userId: idSchema });
const companyIdQuery = yup.object({ companyId: idSchema });
const mailQuery = yup.object({ mail: mailSchema });
const infoQuery = yup.object({ info: yup.string().trim().max(2000).optional() });

/**
 * The companies area's records, read when first used: it is listed after this area and needs the users' records
 * itself (its members, their sessions), so this side of the pair waits (platform/ports.ts `later`).
 */
function laterCompanyRecords(ports: Ports): CompanyRecords {
  const port = ports.later(COMPANIES_PORT);
  return {
    newId: () => port().records.newId(),
    get: (id) => port().records.get(id),
    getInTx: (tx, id) => port().records.getInTx(tx, id),
    getMany: (ids) => port().records.getMany(ids),
    createInTx: (tx, company) => port().records.createInTx(tx, company),
  };
}

/**
 * /user/* — docs/api.md. Each route: authenticate → guard (facts about the caller) → validate → service
 * (which reads the record once and checks the record rules of model/permissions-users.ts on it).
 */
function createUsersModule(d: AreaDeps): AreaModule {
  const shared = {
    users: new UsersRepository(d.db),
    companies: laterCompanyRecords(d.ports),
    mail: d.mail,
    identity: d.identity,
    throttles: d.throttles,
    transaction: d.transaction,
    events: { leftCompany: new AreaEvent<UserLeftCompany>('user.leftCompany', d.log) } satisfies UserEvents,
    portalUrl: d.config.portalUrl,
    passwordResetIntervalMs: d.config.passwordResetIntervalMs,
    now: d.now,
  };
  const users = new UsersService(shared);
  const digests = new RegistrationDigestRepository(d.db);
  const digest = new RegistrationDigest({
    repo: digests,
    tasks: d.tasks,
    intervalMs: registrationDigestIntervalMs(d.config),
    now: d.now,
  });
  const consentRecords = new ConsentsRepository(d.db);
  const account = new AccountService({ ...shared, tasks: d.tasks, digest, consents: consentRecords });
  const consents = new ConsentService({ ...shared, consents: consentRecords });
  const taskKinds = [
    sendPasswordResetTask({ ...shared, mail: d.mail }),
    registrationDigestTask({
      repo: digests,
      mail: d.mail,
      platformAdminMails: () => platformAdminMails(shared),
      portalUrl: shared.portalUrl,
      now: d.now,
    }),
  ];
  d.ports.provide(USERS_PORT, { users, account, consents, records: shared.users, events: shared.events });
  d.ports.provide(PRINCIPALS_PORT, principalLoader(shared.users, shared.companies));
  const self = { allowRestricted: true };
  const r = Router();

  r.post('/register', validateQuery(infoQuery), validateBody(registrationSchema), async (req, res) => {
    res.status(201).json(await account.register(req.body, res.locals.query.info, clientAddress(req)));
  });
  r.post('/password/reset', d.authenticate(self), validateBody(passwordChangeSchema), async (req, res) =>
    res.json(await account.changePassword(principalOf(res), req.body.mail, req.body.password)),
  );
  r.get('/password/reset', validateQuery(mailQuery), async (_req, res) =>
    res.json(await account.requestPasswordReset(res.locals.query.mail)),
  );
  r.get('/update/counter', d.authenticate(self), validateQuery(userIdQuery), async (_req, res) =>
    res.json(await users.recordLogin(principalOf(res), res.locals.query.userId)),
  );
  r.post('/consent', d.authenticate(self), validateBody(consentAcceptSchema), async (req, res) =>
    res.json(await consents.accept(principalOf(res), req.body, clientAddress(req))),
  );
  r.get('/consents', d.authenticate(self), validateQuery(consentFilterSchema), async (_req, res) =>
    res.json(await consents.page(principalOf(res), res.locals.query)),
  );
  r.get('/lastlogin', d.authenticate(), requireCompanyType('ADMIN'), async (_req, res) =>
    res.json(await users.lastLogin()),
  );
  r.get('/all', d.authenticate(), requireUserLister, async (_req, res) => res.json(await users.list(principalOf(res))));
  r.get('/filter', d.authenticate(), requireUserLister, validateQuery(userFilterSchema), async (_req, res) =>
    res.json(await users.filter(principalOf(res), res.locals.query)),
  );
  r.post('/export', d.authenticate(), requireUserLister, validateBody(USER_EXPORT.schema), async (req, res) =>
    sendListExport(res, req.body, users.rows(principalOf(res), req.body.query), USER_EXPORT.fields),
  );
  r.get('/company', d.authenticate(), requireUserManager, validateQuery(companyIdQuery), async (_req, res) =>
    res.json(await users.listByCompany(principalOf(res), res.locals.query.companyId)),
  );
  r.post('/update', d.authenticate(), validateBody(userUpdateSchema), async (req, res) =>
    res.json(await users.update(principalOf(res), req.body)),
  );
  r.post('/delete', d.authenticate(), requireUserManager, validateQuery(userIdQuery), async (_req, res) => {
    await users.delete(principalOf(res), res.locals.query.userId);
    res.json({ ok: true });
  });
  r.get('/', d.authenticate(self), validateQuery(idQuery), async (_req, res) =>
    res.json(await users.get(principalOf(res), res.locals.query.id)),
  );
  r.post('/', d.authenticate(), requireUserManager, validateBody(userSchema), async (req, res) => {
    const result = await users.create(principalOf(res), req.body);
    if (result.created) res.status(201).json(result.user);
    else res.status(200).json({ code: result.code });
  });
  return { path: '/user', router: r, taskKinds };
}

/** Users, accounts and registration (docs/api.md "Users"). */
export const usersArea = defineArea({
  name: 'users',
  pageShapes: [USERS_PAGE_SHAPE, CONSENTS_PAGE_SHAPE],
  errors: USER_ERRORS,
  create: createUsersModule,
});

/** The mail addresses of the active platform admins (the registration digest's recipients). */
async function platformAdminMails(d: { users: UsersRepository; companies: CompanyRecords }): Promise<string[]> {
  const admins = await d.users.adminCompanyAdmins();
  const companies = await d.companies.getMany(admins.map((u) => u.companyId));
  return admins.filter((u) => companies.get(u.companyId)?.active).map((u) => u.mail);
}
