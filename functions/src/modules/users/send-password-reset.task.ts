import { mailSchema } from '../../model/user.js';
import type { Identity } from '../../platform/identity.js';
import type { MailOutbox, OutgoingMail } from '../../platform/mail/outbox.js';
import { passwordResetMail, resetPasswordUrl } from './user-mails.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { UsersRepository } from './users.repository.js';

export const SEND_PASSWORD_RESET = 'sendPasswordReset';

export interface SendPasswordResetParams {
  mail: string;
}

/**
 * GET /user/password/reset only records this task, so the answer costs the same whether or not the
 * address has an account. The task looks the address up and writes the reset mail if it exists. One
 * item, one chunk: the mail is written in the chunk's commit, with the task's progress, so a redelivery
 * never sends it twice; the lookup and the reset code before it may repeat (a fresh code is harmless).
 */
export function sendPasswordResetTask(d: {
  identity: Pick<Identity, 'findUid' | 'passwordResetCode'>;
  users: Pick<UsersRepository, 'get'>;
  mail: Pick<MailOutbox, 'sendInTx'>;
  portalUrl: string;
  now: () => Date;
}): TaskKind<SendPasswordResetParams> {
  return {
    kind: SEND_PASSWORD_RESET,
    chunkSize: 1,
    parse(params) {
      try {
        return { mail: mailSchema.validateSync((params as Partial<SendPasswordResetParams> | undefined)?.mail) };
      } catch {
        throw new TaskFailure('invalidParams', 'mail');
      }
    },
    async runChunk({ params: { mail } }) {
      let outgoing: OutgoingMail | undefined;
      const uid = await d.identity.findUid(mail);
      if (uid) {
        const user = await d.users.get(uid);
        const code = await d.identity.passwordResetCode(mail);
        outgoing = passwordResetMail({
          to: mail,
          name: user?.name,
          lastname: user?.lastname,
          link: resetPasswordUrl(d.portalUrl, code),
        });
      }
      return {
        cursor: 1,
        processed: 1,
        finished: true,
        commit: outgoing ? (tx) => d.mail.sendInTx(tx, outgoing, d.now()) : undefined,
      };
    },
  };
}
