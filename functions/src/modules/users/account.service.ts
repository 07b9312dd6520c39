import { created } from '../../data/firestore-values.js';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { Company } from '../../model/company.js';
import { CONSENT_DOCUMENTS, CURRENT_VERSIONS, type AcceptedTerms } from '../../model/consent.js';
import { USER_ERRORS, type Principal, type RegistrationInput, type User } from '../../model/user.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import type { RegistrationDigest, ScheduledDigest } from './registration-digest.task.js';
import {
  attemptLimits,
  pendingLimit,
  REGISTRATION_LIMITS,
  TooManyRequests,
  type RegistrationLimits,
} from './registration-limits.js';
import { SEND_PASSWORD_RESET } from './send-password-reset.task.js';
import { consentOf } from './consent.service.js';
import type { ConsentsRepository } from './consents.repository.js';
import type { UsersServiceDeps } from './users.service.js';

const fail = errorsOf(USER_ERRORS);

export interface AccountServiceDeps extends UsersServiceDeps {
  tasks: Pick<TaskRunner, 'createInTx' | 'start'>;
  digest: RegistrationDigest;
  consents: ConsentsRepository;
  /** Defaults to REGISTRATION_LIMITS (tests pass smaller ones). */
  registrationLimits?: RegistrationLimits;
}

/** Self-service: registration, setting the own password, the forgotten-password mail. */
export class AccountService {
  private readonly limits: RegistrationLimits;

  constructor(private readonly d: AccountServiceDeps) {
    this.limits = d.registrationLimits ?? REGISTRATION_LIMITS;
  }

  /**
   * POST /user/register: throttled per client address and mail domain (counted before anything is
   * created) and by a global ceiling of pending registrations per hour (counted in the transaction that
   * creates one). Then the Auth account, then company + user + mail claim + the notice for the admins'
   * digest + the records of the two agreements (the schema requires both) in ONE transaction. If that fails, the Auth
   * account is deleted again.
   * The registrant becomes the company's admin (he is the only user and manages colleagues later).
   * `clientAddress` is the hop appended by Google's front end (http/client-address.ts), never a
   * client-sent value.
   */
  async register(
    input: RegistrationInput,
    info?: string,
    clientAddress?: string,
  ): Promise<{ user: User; company: Company }> {
    const { user: u, company: c } = input;
    const attempt = await this.d.throttles.tryUseAll(attemptLimits(clientAddress, u.mail, this.limits), this.d.now());
    if (!attempt.allowed) throw new TooManyRequests(attempt.retryAfterMs);
    // Full already: refuse before creating an Auth account (the transaction checks again, exactly).
    const ceiling = await this.d.throttles.check([pendingLimit(this.limits)], this.d.now());
    if (!ceiling.allowed) throw new TooManyRequests(ceiling.retryAfterMs);
    const uid = await this.d.identity.createAccount({
      mail: u.mail,
      password: u.password,
      displayName: `${u.name} ${u.lastname}`,
    });
    let digest: ScheduledDigest | undefined;
    let result: { user: User; company: Company };
    try {
      result = await this.d.transaction(async (tx) => {
        const now = this.d.now();
        if (await this.d.users.mailClaimInTx(tx, u.mail)) throw fail.mailInUse();
        const pending = await this.d.throttles.prepareInTx(tx, [pendingLimit(this.limits)], now);
        if (!pending.verdict.allowed) throw new TooManyRequests(pending.verdict.retryAfterMs);
        const digestState = await this.d.digest.readInTx(tx);
        const acceptedTerms: AcceptedTerms = {
          avb: { version: CURRENT_VERSIONS.avb, acceptedAt: now },
          privacy: { version: CURRENT_VERSIONS.privacy, acceptedAt: now },
        };
        const additionalInfo = info?.trim() || c.additionalInfo || undefined;
        const company: Company = {
          id: this.d.companies.newId(),
          name: c.name,
          type: 'CUSTOMER',
          active: true,
          pendingRegistration: true,
          additionalInfo,
          address: { street: c.address.street, houseNo: c.address.houseNo, zip: c.address.zip, city: c.address.city },
          ...created(now, uid, 'register'),
        };
        const user: User = {
          id: uid,
          name: u.name,
          lastname: u.lastname,
          mail: u.mail,
          phoneNumber: u.phoneNumber,
          admin: true,
          companyId: company.id,
          permissions: [],
          passwordChangeNeeded: false,
          loginCounter: 1,
          acceptedTerms,
          ...created(now, uid, 'register'),
        };
        this.d.companies.createInTx(tx, company);
        this.d.users.createInTx(tx, { ...user, company }, now);
        this.d.consents.recordInTx(
          tx,
          CONSENT_DOCUMENTS.map((document) =>
            consentOf(this.d.consents.newId(), user, document, acceptedTerms[document]!, clientAddress),
          ),
        );
        pending.record();
        digest = this.d.digest.noteInTx(
          tx,
          digestState,
          {
            companyId: company.id,
            companyName: company.name,
            userName: `${user.name} ${user.lastname}`,
            mail: user.mail,
            createdAt: now,
          },
          uid,
        );
        return { user, company };
      });
    } catch (error) {
      await this.d.identity.deleteAccount(uid);
      throw error;
    }
    // After the commit; never throws (a lost enqueue is recovered by the task runner).
    await this.d.digest.start(digest);
    return result;
  }

  /**
   * POST /user/password/reset: a signed-in user sets his own password and the passwordChangeNeeded
   * flag is cleared. Firebase Auth itself invalidates all existing sessions of the account on a
   * password change (tokens issued before are "revoked"); the web signs in again with the new password.
   */
  async changePassword(principal: Principal, mail: string, password: string): Promise<{ ok: true }> {
    if (mail !== principal.user.mail.toLowerCase()) throw ApiError.forbidden();
    await this.d.identity.setPassword(principal.uid, password);
    if (principal.user.passwordChangeNeeded) await this.d.users.clearPasswordChangeNeeded(principal.uid, this.d.now());
    return { ok: true };
  }

  /**
   * GET /user/password/reset: always `{sent: true}`. The answer never looks at the account: it records a
   * `sendPasswordReset` task (throttle + task in one transaction, at most one per address and interval)
   * and queues it; the task looks the address up and writes the mail only when the account exists. So
   * known and unknown addresses do the same work before the answer, and there is nothing to time.
   */
  async requestPasswordReset(mail: string): Promise<{ sent: true }> {
    const now = this.d.now();
    const taskId = await this.d.transaction(async (tx) => {
      if (!(await this.d.throttles.tryUseInTx(tx, `passwordReset:${mail}`, this.d.passwordResetIntervalMs, now)))
        return undefined;
      return this.d.tasks.createInTx(tx, { kind: SEND_PASSWORD_RESET, params: { mail }, createdBy: 'passwordReset' });
    });
    if (taskId) await this.d.tasks.start(taskId);
    return { sent: true };
  }
}
