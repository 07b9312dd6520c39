import type { Transaction } from 'firebase-admin/firestore';
import { created, updated } from '../../data/firestore-values.js';
import type { ThrottlesRepository } from '../../data/throttles.repository.js';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import { authorizeRecord, forbiddenFor } from '../../http/record-access.js';
import { acceptsUsers, type Company } from '../../model/company.js';
import type { Page } from '../../model/paging.js';
import { isManagerOfCompany, isPlatformAdmin } from '../../model/permissions.js';
import {
  canDeleteUser,
  canEditUser,
  canReadUser,
  isSelf,
  mayFilterUsersByCompany,
  seesAllUsers,
  userEditRole,
  userListScope,
} from '../../model/permissions-users.js';
import {
  USER_ERRORS,
  type Principal,
  type User,
  type UserFilter,
  type UserInput,
  type UserUpdateInput,
  type UserView,
} from '../../model/user.js';
import type { Identity } from '../../platform/identity.js';
import type { MailOutbox, OutgoingMail } from '../../platform/mail/outbox.js';
import { invitationMail, resetPasswordUrl } from './user-mails.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { CompanyRecords } from '../companies/companies.port.js';
import type { UsersRepository } from './users.repository.js';
import type { UserEvents, UserLeftCompany } from './users.port.js';

import type { CreateUserResult, InviteeAccount, ProvisionUserArgs } from './user-accounts.js';

const fail = errorsOf(USER_ERRORS);

export type { UserView } from '../../model/user.js';

export interface UsersServiceDeps {
  users: UsersRepository;
  companies: CompanyRecords;
  mail: MailOutbox;
  identity: Identity;
  throttles: ThrottlesRepository;
  transaction: RunTransaction;
  /** announced after a change committed (a user left his company) */
  events: UserEvents;
  portalUrl: string;
  /** At most one password-reset mail per address within this interval (the endpoint is public). */
  passwordResetIntervalMs: number;
  now: () => Date;
}

/** A platform admin whose company is active (he can sign in and administer). */
function isActivePlatformAdmin(user: Pick<User, 'admin'>, company: Company | undefined): boolean {
  return !!company && company.active === true && isPlatformAdmin(user, company.type);
}

/** Users: administration by managers, the own profile, login counter. */
export class UsersService {
  constructor(private readonly d: UsersServiceDeps) {}

  /** GET /user/: the record is read once and checked once (hidden users answer 403, docs/api.md). */
  async get(principal: Principal, id: string): Promise<UserView> {
    const user = authorizeRecord(principal, await this.d.users.get(id), {
      see: (u) => canReadUser(principal, u),
      seesAll: seesAllUsers(principal),
      hidden: 'forbidden',
    });
    // the caller's own company was read by authenticate in this request: no second read
    const company =
      user.companyId === principal.company.id ? principal.company : await this.d.companies.get(user.companyId);
    return { ...user, company };
  }

  /** GET /user/all: ADMIN company: everybody; CUSTOMER/SUPPLIER admin: the own company. */
  async list(principal: Principal): Promise<UserView[]> {
    const scope = userListScope(principal);
    if (!scope) throw forbiddenFor(principal);
    return byName(await this.d.users.listViews(scope.kind === 'all' ? undefined : scope.companyId));
  }

  /** GET /user/company: the users of one company, for its managers. */
  async listByCompany(principal: Principal, companyId: string): Promise<UserView[]> {
    if (!isManagerOfCompany(principal, companyId)) throw forbiddenFor(principal);
    return byName(await this.d.users.listViews(companyId));
  }

  /**
   * GET /user/filter: one server-side page of the users the caller may list (same scope as /user/all).
   * `companyIds` narrows the list for everybody who lists every company's users (`mayFilterUsersByCompany`: the
   * ADMIN company); a company admin gets his own company whatever he sends.
   */
  async filter(principal: Principal, query: UserFilter): Promise<Page<UserView>> {
    return this.d.users.page({
      ...this.listQuery(principal, query),
      page: query.page,
      paginationSize: query.paginationSize,
    });
  }

  /** POST /user/export: every row /user/filter would list for these filters. */
  rows(principal: Principal, query: UserFilter) {
    return this.d.users.rows(this.listQuery(principal, query));
  }

  private listQuery(principal: Principal, query: UserFilter) {
    const scope = userListScope(principal);
    if (!scope) throw forbiddenFor(principal);
    const companyIds =
      scope.kind === 'company'
        ? [scope.companyId]
        : mayFilterUsersByCompany(principal) && query.companyIds?.length
          ? query.companyIds
          : undefined;
    return {
      companyIds,
      search: query.search,
      column: query.column ?? ('lastname' as const),
      sortDescending: query.sortDescending,
    };
  }

  /** POST /user/: platform admin picks an active company, company admins create in their own. */
  async create(principal: Principal, input: UserInput): Promise<CreateUserResult> {
    let companyId = principal.company.id;
    if (principal.platformAdmin) {
      if (!input.companyId)
        throw ApiError.badRequest('validation', [{ path: 'companyId', key: 'validation.required' }]);
      companyId = input.companyId;
    }
    const claim = await this.d.users.mailClaim(input.mail);
    if (claim) {
      const owner = claim.companyId ? await this.d.companies.get(claim.companyId) : undefined;
      if (owner?.type === 'EXTERNAL') return { created: false, code: 'mailExternal' };
      throw fail.mailInUse();
    }
    // the caller's own company was read by authenticate; another one (platform admin) is checked before the
    // Auth account is created, and again inside the transaction
    const company = companyId === principal.company.id ? principal.company : await this.d.companies.get(companyId);
    if (!company) throw ApiError.notFound();
    if (!acceptsUsers(company)) throw fail.companyNotActive();
    return { created: true, user: await this.provision({ input, companyId, actorId: principal.uid }) };
  }

  /**
   * Creates the Auth account, then user + mail claim (+ invitation) in one transaction; when the
   * transaction fails the Auth account is deleted again, so no orphan remains.
   */
  async provision(args: ProvisionUserArgs): Promise<UserView> {
    const { input, companyId, actorId } = args;
    const uid = await this.d.identity.createAccount({
      mail: input.mail,
      password: args.password,
      displayName: `${input.name} ${input.lastname}`,
    });
    try {
      const invitationCode = args.password ? undefined : await this.d.identity.passwordResetCode(input.mail);
      return await this.d.transaction(async (tx) => {
        const now = this.d.now();
        if (await this.d.users.mailClaimInTx(tx, input.mail)) throw fail.mailInUse();
        const company = args.newCompany ?? (await this.d.companies.getInTx(tx, companyId));
        if (!company) throw ApiError.notFound();
        if (!company.active) throw fail.companyNotActive();
        const user: User = {
          id: uid,
          name: input.name,
          lastname: input.lastname,
          mail: input.mail,
          phoneNumber: input.phoneNumber,
          ...(input.customerDesignation ? { customerDesignation: input.customerDesignation } : {}),
          admin: input.admin === true,
          companyId,
          permissions: [],
          passwordChangeNeeded: args.passwordChangeNeeded ?? !args.password,
          loginCounter: 1,
          ...created(now, actorId),
        };
        if (args.newCompany) this.d.companies.createInTx(tx, args.newCompany);
        this.d.users.createInTx(tx, { ...user, company }, now);
        if (invitationCode) {
          const link = resetPasswordUrl(this.d.portalUrl, invitationCode);
          const mail: OutgoingMail =
            args.invitation?.(link) ??
            invitationMail({
              to: user.mail,
              name: user.name,
              lastname: user.lastname,
              companyName: company.name,
              link,
            });
          this.d.mail.sendInTx(tx, mail, now);
        }
        return { ...user, company };
      });
    } catch (error) {
      await this.d.identity.deleteAccount(uid);
      throw error;
    }
  }

  /**
   * Project-folder invitations (modules/business-data): the account of `mail` when there is one (any company type;
   * the folder's rule decides what it may do), else a new EXTERNAL user in his own new EXTERNAL company named after
   * the address, created with the user in one transaction (the mail claim in `uniqueKeys`, so POST /user/ answers
   * `mailExternal` for it), who sets his password through the link of `invitation` and is not asked again.
   */
  async ensureInvitee(args: {
    mail: string;
    actorId: string;
    invitation: (setPasswordLink: string) => OutgoingMail;
  }): Promise<InviteeAccount> {
    const existing = async (): Promise<InviteeAccount | undefined> => {
      const claim = await this.d.users.mailClaim(args.mail);
      if (!claim) return undefined;
      const company = claim.companyId ? await this.d.companies.get(claim.companyId) : undefined;
      return { created: false, userId: claim.ownerId, companyType: company?.type ?? 'EXTERNAL' };
    };
    const found = await existing();
    if (found) return found;
    const now = this.d.now();
    const newCompany: Company = {
      id: this.d.companies.newId(),
      name: args.mail,
      type: 'EXTERNAL',
      active: true,
      pendingRegistration: false,
      address: { street: '', houseNo: '', zip: '', city: '' },
      ...created(now, args.actorId, 'invite'),
    };
    try {
      const user = await this.provision({
        input: { name: args.mail, lastname: '', mail: args.mail, phoneNumber: '', admin: false },
        companyId: newCompany.id,
        actorId: args.actorId,
        newCompany,
        invitation: args.invitation,
        passwordChangeNeeded: false,
      });
      return { created: true, userId: user.id, companyType: 'EXTERNAL' };
    } catch (error) {
      // a concurrent invitation of the same address created the account first
      const raced = error instanceof ApiError && error.code === 'mailInUse' ? await existing() : undefined;
      if (raced) return raced;
      throw error;
    }
  }

  /**
   * POST /user/update: managers edit everything (company: platform admin only; customerDesignation absent or empty
   * removes it); self edits name/lastname/phone.
   * Nobody changes his own admin flag or company (no lock-out); `admin` omitted leaves the flag unchanged.
   * The user is read ONCE, inside the transaction, and the permission is checked on that record, so a
   * concurrent move to another company cannot let a company admin's change land; the last active platform
   * admin is kept. A mail change updates the Auth account after all checks and before the writes (setting
   * the same address again on a retry is harmless) and is undone there when the transaction fails. A move to another
   * company is announced after the commit (`leftCompany`).
   */
  async update(principal: Principal, input: UserUpdateInput): Promise<UserView> {
    let authMailBefore: string | undefined;
    let left: UserLeftCompany | undefined;
    let view: UserView;
    try {
      view = await this.d.transaction(async (tx) => {
        const now = this.d.now();
        const current = authorizeRecord(principal, await this.d.users.getInTx(tx, input.id), {
          see: (u) => canReadUser(principal, u),
          act: (u) => canEditUser(principal, u),
          seesAll: seesAllUsers(principal),
          hidden: 'forbidden',
        });
        const self = isSelf(principal, current);
        const changes: Partial<User> = { name: input.name, lastname: input.lastname, phoneNumber: input.phoneNumber };
        if (userEditRole(principal, current) === 'manager') {
          changes.mail = input.mail;
          changes.customerDesignation = input.customerDesignation || undefined;
          if (!self && input.admin !== undefined) changes.admin = input.admin === true;
          if (!self && principal.platformAdmin && input.companyId) changes.companyId = input.companyId;
        }
        const mailChanged = !!changes.mail && changes.mail !== current.mail;
        if (mailChanged) {
          const claim = await this.d.users.mailClaimInTx(tx, changes.mail!);
          if (claim && claim.ownerId !== current.id) throw fail.mailInUse();
        }
        const currentCompany = await this.d.companies.getInTx(tx, current.companyId);
        const companyId = changes.companyId ?? current.companyId;
        const company =
          companyId === current.companyId ? currentCompany : await this.d.companies.getInTx(tx, companyId);
        if (!company) throw ApiError.notFound();
        const moved = companyId !== current.companyId;
        if (moved && !acceptsUsers(company)) throw fail.companyNotActive();
        left = moved ? { userId: current.id, companyId: current.companyId, actorId: principal.uid } : undefined;
        // the AVB he accepted bound his former company: in the new one he is asked again (model/consent.ts)
        if (moved && current.acceptedTerms?.avb) changes.acceptedTerms = { privacy: current.acceptedTerms.privacy };
        const after: User = { ...current, ...changes, ...updated(current, now, principal.uid, 'update') };
        const wasPlatformAdmin = isActivePlatformAdmin(current, currentCompany);
        if (wasPlatformAdmin && !isActivePlatformAdmin(after, company))
          await this.keepAnotherPlatformAdmin(tx, current.id);
        if (mailChanged) {
          authMailBefore ??= current.mail;
          await this.d.identity.setMail(current.id, changes.mail!);
        }
        this.d.users.updateInTx(tx, current, { ...after, company }, now);
        return { ...after, company };
      });
    } catch (error) {
      if (authMailBefore) await this.d.identity.setMail(input.id, authMailBefore).catch(() => undefined);
      throw error;
    }
    if (left) await this.d.events.leftCompany.emit(left);
    return view;
  }

  /** POST /user/delete: the record and its mail claim (one read, in the transaction), the Auth account, `leftCompany`. */
  async delete(principal: Principal, userId: string): Promise<void> {
    const companyId = await this.d.transaction(async (tx) => {
      const current = authorizeRecord(principal, await this.d.users.getInTx(tx, userId), {
        see: (u) => canReadUser(principal, u),
        act: (u) => canDeleteUser(principal, u),
        seesAll: seesAllUsers(principal),
        hidden: 'forbidden',
      });
      const company = await this.d.companies.getInTx(tx, current.companyId);
      if (isActivePlatformAdmin(current, company)) await this.keepAnotherPlatformAdmin(tx, current.id);
      this.d.users.deleteInTx(tx, current);
      return current.companyId;
    });
    await this.d.identity.deleteAccount(userId);
    await this.d.events.leftCompany.emit({ userId, companyId, actorId: principal.uid });
  }

  /** 412 lastPlatformAdmin unless another active platform admin than `userId` exists (read in the transaction). */
  private async keepAnotherPlatformAdmin(tx: Transaction, userId: string): Promise<void> {
    const others = (await this.d.users.adminsInTx(tx)).filter((u) => u.id !== userId);
    const companyIds = [...new Set(others.map((u) => u.companyId))];
    const companies = await Promise.all(companyIds.map((id) => this.d.companies.getInTx(tx, id)));
    const byId = new Map(companyIds.map((id, i) => [id, companies[i]]));
    if (!others.some((u) => isActivePlatformAdmin(u, byId.get(u.companyId)))) {
      throw fail.lastPlatformAdmin();
    }
  }

  /** GET /user/update/counter: loginCounter + 1 (atomic) and lastLoginAt = now. */
  async recordLogin(principal: Principal, userId: string): Promise<UserView> {
    if (!isSelf(principal, { id: userId })) throw forbiddenFor(principal);
    await this.d.users.recordLogin(principal.uid, this.d.now());
    const user = await this.d.users.get(principal.uid);
    if (!user) throw ApiError.notFound();
    // the caller's company was read by authenticate in this request: no second read
    return { ...user, company: principal.company };
  }

  /** The ids of a company's users (no caller rules: for other areas, e.g. the recipients of a chat message). */
  async memberIds(companyId: string): Promise<string[]> {
    return this.d.users.idsOfCompany(companyId, null, 1000);
  }

  /** A user's address, name and company (no caller rules: for other areas' mails, e.g. the chat digest). */
  async contact(
    userId: string,
  ): Promise<{ mail: string; name: string; lastname: string; companyId: string } | undefined> {
    const user = await this.d.users.get(userId);
    return user && { mail: user.mail, name: user.name, lastname: user.lastname, companyId: user.companyId };
  }

  /** GET /user/lastlogin: mail and time of the latest login over all users, or {}. */
  async lastLogin(): Promise<{ mail?: string; lastLoginAt?: Date }> {
    const user = await this.d.users.latestLogin();
    return user?.lastLoginAt ? { mail: user.mail, lastLoginAt: user.lastLoginAt } : {};
  }
}

/** List order of /user/all and /user/company: last name, then first name, as German readers expect. */
function byName(users: UserView[]): UserView[] {
  return users.sort((a, b) => a.lastname.localeCompare(b.lastname, 'de') || a.name.localeCompare(b.name, 'de'));
}
