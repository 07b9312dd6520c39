import type { Transaction } from 'firebase-admin/firestore';
import { created, updated } from '../../data/firestore-values.js';
import type { ThrottlesRepository } from '../../data/throttles.repository.js';
import { ApiError } from '../../http/api-error.js';
import { companyStatus, type Company } from '../../model/company.js';
import { isManagerOf, isPlatformAdmin } from '../../model/permissions.js';
import type { Principal, User, UserInput, UserUpdateInput } from '../../model/user.js';
import type { CompaniesRepository } from '../companies/companies.repository.js';
import type { MailRepository, OutgoingMail } from '../mail/mail.repository.js';
import { invitationMail, resetPasswordUrl } from '../mail/mail.templates.js';
import type { Identity } from './identity.js';
import type { UsersRepository } from './users.repository.js';

export type RunTransaction = <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>;

export interface UsersServiceDeps {
  users: UsersRepository;
  companies: CompaniesRepository;
  mail: MailRepository;
  identity: Identity;
  throttles: ThrottlesRepository;
  transaction: RunTransaction;
  portalUrl: string;
  /** At most one password-reset mail per address within this interval (the endpoint is public). */
  passwordResetIntervalMs: number;
  now: () => Date;
}

/** A user in API answers: with its company (full for single reads, name/type in lists). */
export type UserView = Omit<User, 'company'> & { company?: Partial<Company> };

export interface ProvisionUserArgs {
  input: Pick<UserInput, 'name' | 'lastname' | 'mail' | 'phoneNumber' | 'admin'>;
  companyId: string;
  actorId: string;
  /** Given: the account gets it and needs no change (seed). Absent: random + invitation mail. */
  password?: string;
}

export type CreateUserResult = { created: true; user: UserView } | { created: false; code: 'mailExternal' };

/** A platform admin whose company is active (he can sign in and administer). */
function isActivePlatformAdmin(user: Pick<User, 'admin'>, company: Company | undefined): boolean {
  return !!company && company.active === true && isPlatformAdmin(user, company.type);
}

/** New users (create, move) only go into released, active, non-EXTERNAL companies. */
export function acceptsUsers(company: Company): boolean {
  return companyStatus(company) === 'active' && company.type !== 'EXTERNAL';
}

/** Users: administration by managers, the own profile, login counter. */
export class UsersService {
  constructor(private readonly d: UsersServiceDeps) {}

  async loadPrincipal(uid: string): Promise<Principal | undefined> {
    const user = await this.d.users.get(uid);
    if (!user) return undefined;
    const company = await this.d.companies.get(user.companyId);
    if (!company) return undefined;
    const platformAdmin = isPlatformAdmin(user, company.type);
    const restriction = user.passwordChangeNeeded
      ? ('passwordChangeNeeded' as const)
      : company.pendingRegistration
        ? ('registrationPending' as const)
        : undefined;
    return { uid, user, company, companyType: company.type, admin: user.admin === true, platformAdmin, restriction };
  }

  async get(id: string): Promise<UserView> {
    const user = await this.d.users.get(id);
    if (!user) throw ApiError.notFound();
    return { ...user, company: await this.d.companies.get(user.companyId) };
  }

  /** ADMIN company: everybody; CUSTOMER/SUPPLIER admin: the own company. */
  async list(principal: Principal): Promise<UserView[]> {
    const users = principal.companyType === 'ADMIN'
      ? await this.d.users.list()
      : await this.d.users.listByCompany(principal.company.id);
    return this.withCompanyNames(users);
  }

  async listByCompany(companyId: string): Promise<UserView[]> {
    return this.withCompanyNames(await this.d.users.listByCompany(companyId));
  }

  private async withCompanyNames(users: User[]): Promise<UserView[]> {
    const companies = await this.d.companies.getMany(users.map((u) => u.companyId));
    return users
      .map((u) => {
        const c = companies.get(u.companyId);
        return { ...u, company: c ? { id: c.id, name: c.name, type: c.type } : undefined };
      })
      .sort((a, b) => a.lastname.localeCompare(b.lastname, 'de') || a.name.localeCompare(b.name, 'de'));
  }

  /** POST /user/: platform admin picks an active company, company admins create in their own. */
  async create(principal: Principal, input: UserInput): Promise<CreateUserResult> {
    let companyId = principal.company.id;
    if (principal.platformAdmin) {
      if (!input.companyId) throw ApiError.badRequest('validation', [{ path: 'companyId', key: 'validation.required' }]);
      companyId = input.companyId;
    }
    const claim = await this.d.users.mailClaim(input.mail);
    if (claim) {
      const owner = claim.companyId ? await this.d.companies.get(claim.companyId) : undefined;
      if (owner?.type === 'EXTERNAL') return { created: false, code: 'mailExternal' };
      throw ApiError.conflict('mailInUse');
    }
    const company = await this.d.companies.get(companyId);
    if (!company) throw ApiError.notFound();
    if (!acceptsUsers(company)) throw ApiError.preconditionFailed('companyNotActive');
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
        if (await this.d.users.mailClaimInTx(tx, input.mail)) throw ApiError.conflict('mailInUse');
        const company = await this.d.companies.getInTx(tx, companyId);
        if (!company) throw ApiError.notFound();
        if (!company.active) throw ApiError.preconditionFailed('companyNotActive');
        const user: User = {
          id: uid,
          name: input.name,
          lastname: input.lastname,
          mail: input.mail,
          phoneNumber: input.phoneNumber,
          admin: input.admin === true,
          companyId,
          permissions: [],
          passwordChangeNeeded: !args.password,
          loginCounter: 1,
          ...created(now, actorId),
        };
        this.d.users.createInTx(tx, user, now);
        if (invitationCode) {
          const link = resetPasswordUrl(this.d.portalUrl, invitationCode);
          const mail: OutgoingMail = invitationMail({ to: user.mail, name: user.name, lastname: user.lastname, companyName: company.name, link });
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
   * POST /user/update: managers edit everything (company: platform admin only); self edits name/lastname/phone.
   * Nobody changes his own admin flag or company (no lock-out); `admin` omitted leaves the flag unchanged.
   * Inside the transaction the permission is checked again on the current record (a concurrent move to another
   * company must not let a company admin's change land) and the last active platform admin is kept.
   */
  async update(principal: Principal, input: UserUpdateInput): Promise<UserView> {
    const before = await this.d.users.get(input.id);
    if (!before) throw ApiError.notFound();
    const self = before.id === principal.uid;
    const manager = isManagerOf(principal, before);
    if (!manager && !self) throw ApiError.forbidden();
    const changes: Partial<User> = { name: input.name, lastname: input.lastname, phoneNumber: input.phoneNumber };
    if (manager) {
      changes.mail = input.mail;
      if (!self && input.admin !== undefined) changes.admin = input.admin === true;
      if (!self && principal.platformAdmin && input.companyId) changes.companyId = input.companyId;
    }
    const mailChanged = !!changes.mail && changes.mail !== before.mail;
    if (mailChanged) {
      const claim = await this.d.users.mailClaim(changes.mail!);
      if (claim && claim.ownerId !== before.id) throw ApiError.conflict('mailInUse');
      await this.d.identity.setMail(before.id, changes.mail!);
    }
    try {
      return await this.d.transaction(async (tx) => {
        const now = this.d.now();
        const current = await this.d.users.getInTx(tx, before.id);
        if (!current) throw ApiError.notFound();
        if (manager && !isManagerOf(principal, current)) throw ApiError.forbidden();
        if (mailChanged) {
          const claim = await this.d.users.mailClaimInTx(tx, changes.mail!);
          if (claim && claim.ownerId !== before.id) throw ApiError.conflict('mailInUse');
        }
        const currentCompany = await this.d.companies.getInTx(tx, current.companyId);
        const companyId = changes.companyId ?? current.companyId;
        const company = companyId === current.companyId ? currentCompany : await this.d.companies.getInTx(tx, companyId);
        if (!company) throw ApiError.notFound();
        if (companyId !== current.companyId && !acceptsUsers(company)) throw ApiError.preconditionFailed('companyNotActive');
        const after: User = { ...current, ...changes, ...updated(current, now, principal.uid, 'update') };
        const wasPlatformAdmin = isActivePlatformAdmin(current, currentCompany);
        if (wasPlatformAdmin && !isActivePlatformAdmin(after, company)) await this.keepAnotherPlatformAdmin(tx, current.id);
        this.d.users.updateInTx(tx, current, after, now);
        return { ...after, company };
      });
    } catch (error) {
      if (mailChanged) await this.d.identity.setMail(before.id, before.mail).catch(() => undefined);
      throw error;
    }
  }

  /** POST /user/delete: the record and its mail claim, then the Auth account. Never oneself. */
  async delete(principal: Principal, userId: string): Promise<void> {
    if (userId === principal.uid) throw ApiError.forbidden();
    const user = await this.d.users.get(userId);
    if (!user) throw ApiError.notFound();
    if (!isManagerOf(principal, user)) throw ApiError.forbidden();
    await this.d.transaction(async (tx) => {
      const current = await this.d.users.getInTx(tx, userId);
      if (!current) return;
      if (!isManagerOf(principal, current)) throw ApiError.forbidden();
      const company = await this.d.companies.getInTx(tx, current.companyId);
      if (isActivePlatformAdmin(current, company)) await this.keepAnotherPlatformAdmin(tx, current.id);
      this.d.users.deleteInTx(tx, current);
    });
    await this.d.identity.deleteAccount(userId);
  }

  /** 412 lastPlatformAdmin unless another active platform admin than `userId` exists (read in the transaction). */
  private async keepAnotherPlatformAdmin(tx: Transaction, userId: string): Promise<void> {
    const others = (await this.d.users.adminsInTx(tx)).filter((u) => u.id !== userId);
    const companyIds = [...new Set(others.map((u) => u.companyId))];
    const companies = await Promise.all(companyIds.map((id) => this.d.companies.getInTx(tx, id)));
    const byId = new Map(companyIds.map((id, i) => [id, companies[i]]));
    if (!others.some((u) => isActivePlatformAdmin(u, byId.get(u.companyId)))) {
      throw ApiError.preconditionFailed('lastPlatformAdmin');
    }
  }

  /** GET /user/update/counter: loginCounter + 1 (atomic) and lastLoginAt = now. */
  async recordLogin(principal: Principal): Promise<UserView> {
    await this.d.users.recordLogin(principal.uid, this.d.now());
    const user = await this.d.users.get(principal.uid);
    if (!user) throw ApiError.notFound();
    // the caller's company was read by authenticate in this request: no second read
    return { ...user, company: principal.company };
  }

  /** GET /user/lastlogin: mail and time of the latest login over all users, or {}. */
  async lastLogin(): Promise<{ mail?: string; lastLoginAt?: Date }> {
    const user = await this.d.users.latestLogin();
    return user?.lastLoginAt ? { mail: user.mail, lastLoginAt: user.lastLoginAt } : {};
  }
}
