import type { Company, CompanyType } from '../../model/company.js';
import type { OutgoingMail } from '../../platform/mail/outbox.js';
import type { UserInput, UserView } from '../../model/user.js';

// The shapes of the users service's account calls (create, provision, ensureInvitee), apart from the service.

export interface ProvisionUserArgs {
  input: Pick<UserInput, 'name' | 'lastname' | 'mail' | 'phoneNumber' | 'admin' | 'customerDesignation'>;
  companyId: string;
  actorId: string;
  /** Given: the account gets it and needs no change (seed). Absent: random + invitation mail. */
  password?: string;
  /** A new company for the user, created in the same transaction (a project-folder invitee's EXTERNAL company). */
  newCompany?: Company;
  /** The invitation mail instead of the users area's own (given the set-password link). */
  invitation?: (setPasswordLink: string) => OutgoingMail;
  /**
   * Whether the first sign-in asks for a new password (default: when no password was given). An invitee who sets
   * his own password through the mailed link is not asked again.
   */
  passwordChangeNeeded?: boolean;
}

/** A project-folder invitee's account: found by the address, or created as an EXTERNAL user. */
export interface InviteeAccount {
  created: boolean;
  userId: string;
  companyType: CompanyType;
}

export type CreateUserResult = { created: true; user: UserView } | { created: false; code: 'mailExternal' };
