import { created } from '../../data/firestore-values.js';
import { ApiError } from '../../http/api-error.js';
import type { Company } from '../../model/company.js';
import type { Principal, RegistrationInput, User } from '../../model/user.js';
import { passwordResetMail, registrationAwaitsReleaseMail, resetPasswordUrl } from '../../platform/mail/templates.js';
import type { UsersServiceDeps } from './users.service.js';

/** Self-service: registration, setting the own password, the forgotten-password mail. */
export class AccountService {
  constructor(private readonly d: UsersServiceDeps) {}

  /**
   * POST /user/register: the Auth account first, then company + user + mail claim (+ the notice to
   * the platform admins) in ONE transaction. If that fails, the Auth account is deleted again.
   * The registrant becomes the company's admin (he is the only user and manages colleagues later).
   */
  async register(input: RegistrationInput, info?: string): Promise<{ user: User; company: Company }> {
    const { user: u, company: c } = input;
    const platformAdminMails = await this.platformAdminMails();
    const uid = await this.d.identity.createAccount({
      mail: u.mail,
      password: u.password,
      displayName: `${u.name} ${u.lastname}`,
    });
    try {
      return await this.d.transaction(async (tx) => {
        const now = this.d.now();
        if (await this.d.users.mailClaimInTx(tx, u.mail)) throw ApiError.conflict('mailInUse');
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
          ...created(now, uid, 'register'),
        };
        this.d.companies.createInTx(tx, company);
        this.d.users.createInTx(tx, { ...user, company }, now);
        if (platformAdminMails.length) {
          this.d.mail.sendInTx(
            tx,
            registrationAwaitsReleaseMail({
              to: platformAdminMails,
              companyName: company.name,
              userName: `${user.name} ${user.lastname}`,
              mail: user.mail,
              portalUrl: this.d.portalUrl,
            }),
            now,
          );
        }
        return { user, company };
      });
    } catch (error) {
      await this.d.identity.deleteAccount(uid);
      throw error;
    }
  }

  private async platformAdminMails(): Promise<string[]> {
    const admins = await this.d.users.adminCompanyAdmins();
    const companies = await this.d.companies.getMany(admins.map((u) => u.companyId));
    return admins.filter((u) => companies.get(u.companyId)?.active).map((u) => u.mail);
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

  /** GET /user/password/reset: always `{sent: true}`; a mail only goes out when the account exists. */
  async requestPasswordReset(mail: string): Promise<{ sent: true }> {
    // Throttled per address before the account lookup: same answer and cost whether it exists or not.
    const allowed = await this.d.throttles.tryUse(
      `passwordReset:${mail}`,
      this.d.passwordResetIntervalMs,
      this.d.now(),
    );
    const uid = allowed ? await this.d.identity.findUid(mail) : undefined;
    if (uid) {
      const user = await this.d.users.get(uid);
      const code = await this.d.identity.passwordResetCode(mail);
      await this.d.mail.send(
        passwordResetMail({
          to: mail,
          name: user?.name,
          lastname: user?.lastname,
          link: resetPasswordUrl(this.d.portalUrl, code),
        }),
        this.d.now(),
      );
    }
    return { sent: true };
  }
}
