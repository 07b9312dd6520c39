import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { readConfig, type Config } from './config.js';
import { ThrottlesRepository } from './data/throttles.repository.js';
import { createAuthenticate, type Authenticate, type TokenVerifier } from './http/authenticate.js';
import { CompaniesRepository } from './modules/companies/companies.repository.js';
import { CompaniesService } from './modules/companies/companies.service.js';
import { LegalService } from './modules/legal/legal.service.js';
import { MailRepository } from './modules/mail/mail.repository.js';
import { AccountService } from './modules/users/account.service.js';
import { Identity } from './modules/users/identity.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UsersService, type RunTransaction } from './modules/users/users.service.js';
import { revokeCompanySessionsTask } from './modules/companies/revoke-company-sessions.task.js';
import { TaskKindRegistry } from './platform/tasks/task-kind.js';
import { CloudTaskQueue, type TaskQueuePort } from './platform/tasks/task-queue.js';
import { TaskRunner } from './platform/tasks/task-runner.js';

export interface ContainerDeps {
  db: Firestore;
  auth: Auth;
  /** Project-specific values (config.ts); read from the Functions parameters when not given. */
  config?: Config;
  now?: () => Date;
  /** Defaults to `auth`; tests inject a spy. */
  verifier?: TokenVerifier;
  /** Defaults to Cloud Tasks (the emulator when CLOUD_TASKS_EMULATOR_HOST is set); tests inject a fake. */
  taskQueue?: TaskQueuePort;
}

/** Wires repositories and services once per process (functions) or per script (seed, tests). */
export function createContainer(deps: ContainerDeps) {
  const now = deps.now ?? (() => new Date());
  const config = deps.config ?? readConfig();
  const { portalUrl, passwordResetIntervalMs } = config;
  const usersRepo = new UsersRepository(deps.db);
  const companiesRepo = new CompaniesRepository(deps.db);
  const mail = new MailRepository(deps.db, config.mailFrom);
  const identity = new Identity(deps.auth);
  const transaction: RunTransaction = (fn) => deps.db.runTransaction(fn);
  const throttles = new ThrottlesRepository(deps.db);
  // Background task kinds: one line per kind, defined by its area.
  const taskKinds = new TaskKindRegistry([revokeCompanySessionsTask({ db: deps.db, identity })]);
  const tasks = new TaskRunner({ db: deps.db, queue: deps.taskQueue ?? new CloudTaskQueue(() => deps.auth.app), kinds: taskKinds, now });
  const shared = { users: usersRepo, companies: companiesRepo, mail, identity, throttles, tasks, transaction, portalUrl, passwordResetIntervalMs, now };
  const users = new UsersService(shared);
  const account = new AccountService(shared);
  const companies = new CompaniesService(shared);
  const legal = new LegalService(now);
  const authenticate: Authenticate = createAuthenticate(deps.verifier ?? deps.auth, (uid) => users.loadPrincipal(uid));
  return { authenticate, usersRepo, companiesRepo, users, account, companies, legal, tasks };
}

export type Container = ReturnType<typeof createContainer>;
