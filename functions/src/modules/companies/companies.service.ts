import type { Transaction } from 'firebase-admin/firestore';
import { created, updated } from '../../data/firestore-values.js';
import { ApiError } from '../../platform/api-error.js';
import { authorizeRecord } from '../../http/record-access.js';
import type { Company, CompanyFilter, CompanyInput, CompanyUpdateInput } from '../../model/company.js';
import type { Page } from '../../model/paging.js';
import {
  canDeleteCompany,
  canReadCompany,
  mayChangeTypeAndActive,
  seesAllCompanies,
} from '../../model/permissions-companies.js';
import type { Principal } from '../../model/user.js';
import type { Identity } from '../../platform/identity.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { companyReleasedMail } from './company-mails.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { UserRecords } from '../users/users.port.js';
import type { CompaniesRepository } from './companies.repository.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import { REVOKE_COMPANY_SESSIONS, type RevokeCompanySessionsParams } from './revoke-company-sessions.task.js';

export interface CompaniesServiceDeps {
  companies: CompaniesRepository;
  users: UserRecords;
  mail: MailOutbox;
  identity: Identity;
  transaction: RunTransaction;
  tasks: Pick<TaskRunner, 'createInTx' | 'start'>;
  portalUrl: string;
  now: () => Date;
}

function fields(input: CompanyInput): Pick<Company, 'name' | 'type' | 'customerNumber' | 'additionalInfo' | 'address'> {
  return {
    name: input.name,
    type: input.type as Company['type'],
    customerNumber: input.type === 'CUSTOMER' ? input.customerNumber || undefined : undefined,
    additionalInfo: input.additionalInfo || undefined,
    address: {
      street: input.address.street,
      houseNo: input.address.houseNo,
      zip: input.address.zip,
      city: input.address.city,
      ...(input.address.country ? { country: input.address.country } : {}),
    },
  };
}

/** Companies: maintained by platform admins; release of registrations; deactivation. */
export class CompaniesService {
  constructor(private readonly d: CompaniesServiceDeps) {}

  /** GET /company/: the own company (no read: authenticate has it), any company for platform admins. */
  async get(principal: Principal, id: string): Promise<Company> {
    const company = id === principal.company.id ? principal.company : await this.d.companies.get(id);
    return authorizeRecord(principal, company, {
      see: (c) => canReadCompany(principal, c),
      seesAll: seesAllCompanies(principal),
      hidden: 'forbidden',
    });
  }

  /** GET /company/filter: one server-side page (platform admins, guarded by the router). */
  async filter(query: CompanyFilter): Promise<Page<Company>> {
    return this.d.companies.page({ ...listQuery(query), page: query.page, paginationSize: query.paginationSize });
  }

  /** POST /company/export: every row /company/filter would list for these filters. */
  rows(query: CompanyFilter) {
    return this.d.companies.rows(listQuery(query));
  }

  async list(): Promise<Company[]> {
    const all = await this.d.companies.list();
    return all.sort((a, b) => a.name.localeCompare(b.name, 'de'));
  }

  /** POST /company/: active and released right away (only registrations start pending). */
  async create(actorId: string, input: CompanyInput, opts: { pendingRegistration?: boolean } = {}): Promise<Company> {
    return this.d.transaction(async (tx) => {
      const now = this.d.now();
      const company: Company = {
        id: this.d.companies.newId(),
        ...fields(input),
        active: true,
        pendingRegistration: opts.pendingRegistration === true,
        ...created(now, actorId),
      };
      this.d.companies.createInTx(tx, company);
      return company;
    });
  }

  /**
   * POST /company/update: the form fields; `pendingRegistration: false` on a pending company
   * releases it and mails its users; `active: true` reactivates, `active: false` deactivates like delete.
   */
  async update(principal: Principal, input: CompanyUpdateInput): Promise<Company> {
    const result = await this.d.transaction(async (tx) => {
      const now = this.d.now();
      const before = await this.d.companies.getInTx(tx, input.id);
      if (!before) throw ApiError.notFound();
      if (before.type === 'EXTERNAL') throw ApiError.preconditionFailed();
      if (!mayChangeTypeAndActive(principal, before) && (input.type !== before.type || input.active === false))
        throw ApiError.preconditionFailed();
      // users store their company's name and type (list pages sort and search by them): keep them in step
      const renamed = input.name !== before.name || input.type !== before.type;
      const members = renamed ? await this.d.users.listByCompanyInTx(tx, before.id) : [];
      const released = before.pendingRegistration && input.pendingRegistration === false;
      const deactivated = before.active && input.active === false;
      const action = released ? 'release' : deactivated ? 'deactivate' : 'update';
      const after: Company = {
        ...before,
        ...fields(input),
        active: input.active ?? before.active,
        pendingRegistration: released ? false : before.pendingRegistration,
        ...updated(before, now, principal.uid, action),
      };
      if (after.type !== 'CUSTOMER') delete after.customerNumber;
      this.d.companies.setInTx(tx, after);
      this.d.users.setCompanyInTx(tx, members, after);
      const revokeTask = deactivated ? this.revokeUsersInTx(tx, after.id, principal.uid) : undefined;
      return { after, released, revokeTask };
    });
    if (result.released) await this.mailRelease(result.after);
    if (result.revokeTask) await this.d.tasks.start(result.revokeTask, { inline: true });
    return result.after;
  }

  /** POST /company/delete: never really deleted; inactive, and its users' sessions are revoked. */
  async delete(principal: Principal, companyId: string): Promise<void> {
    const revokeTask = await this.d.transaction(async (tx) => {
      const before = authorizeRecord(principal, await this.d.companies.getInTx(tx, companyId), {
        see: () => seesAllCompanies(principal),
        act: (c) => canDeleteCompany(principal, c),
        seesAll: seesAllCompanies(principal),
      });
      if (!before.active) return undefined;
      const now = this.d.now();
      this.d.companies.setInTx(tx, { ...before, active: false, ...updated(before, now, principal.uid, 'delete') });
      return this.revokeUsersInTx(tx, companyId, principal.uid);
    });
    if (revokeTask) await this.d.tasks.start(revokeTask, { inline: true });
  }

  /**
   * The background task that revokes the users' sessions, committed with the deactivation (so it
   * cannot be lost); started after the commit, the first slice inline so that typical companies are
   * done when the call answers (old tokens refused at once). Returns the task id.
   */
  private revokeUsersInTx(tx: Transaction, companyId: string, actorId: string): string {
    return this.d.tasks.createInTx<RevokeCompanySessionsParams>(tx, {
      kind: REVOKE_COMPANY_SESSIONS,
      params: { companyId },
      createdBy: actorId,
    });
  }

  private async mailRelease(company: Company): Promise<void> {
    const users = await this.d.users.listByCompany(company.id);
    const now = this.d.now();
    await Promise.all(
      users.map((u) =>
        this.d.mail.send(
          companyReleasedMail({
            to: u.mail,
            name: u.name,
            lastname: u.lastname,
            companyName: company.name,
            portalUrl: this.d.portalUrl,
          }),
          now,
        ),
      ),
    );
  }
}

function listQuery(query: CompanyFilter) {
  return {
    types: query.types,
    search: query.search,
    column: query.column ?? ('name' as const),
    sortDescending: query.sortDescending,
  };
}
