import { createHash } from 'node:crypto';
import { INVITATION_MAILS } from '../../model/business-data.js';

/** One invitation mail of a folder, kept for INVITATION_MAILS.windowMs: the address only as a hash. */
export interface InvitationMail {
  to: string;
  at: Date;
}

/** The log's key of an address (a SHA-256 prefix: the folder record holds no address of a removed invitee). */
export function mailKey(email: string): string {
  return createHash('sha256').update(email, 'utf8').digest('hex').slice(0, 32);
}

/**
 * Which of the addresses new to a folder's list get an invitation mail now, and the folder's mail log after it
 * (the mails within the window plus these): an address mailed within the window gets none (re-inviting it after an
 * unshare is no new mail). 'refused' when the mails within the window would exceed the limit. The log only grows
 * by the mails sent and shrinks only by time, so unsharing gives no mail back.
 */
export function planInvitationMails(
  log: readonly InvitationMail[] | undefined,
  emails: readonly string[],
  now: Date,
  limits: { perFolder: number; windowMs: number } = INVITATION_MAILS,
): { mailTo: Set<string>; log: InvitationMail[] } | 'refused' {
  const from = now.getTime() - limits.windowMs;
  const recent = (log ?? []).filter((m) => m.at.getTime() > from);
  const mailed = new Set(recent.map((m) => m.to));
  const mailTo = new Set(emails.filter((e) => !mailed.has(mailKey(e))));
  if (recent.length + mailTo.size > limits.perFolder) return 'refused';
  return { mailTo, log: [...recent, ...[...mailTo].map((e) => ({ to: mailKey(e), at: now }))] };
}
