import type { Transaction } from 'firebase-admin/firestore';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { registrationDigestMail } from './user-mails.js';
import type { TaskKind } from '../../platform/tasks/task-kind.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import type {
  DigestState,
  RegistrationDigestRepository,
  RegistrationNotice,
} from './registration-digest.repository.js';

export const REGISTRATION_DIGEST = 'registrationDigest';

/**
 * A scheduled digest that never ran (its deliveries all lost, longer than Cloud Tasks' retries plus the
 * recovery grace) no longer blocks the next one.
 */
const SCHEDULE_STALE_MS = 60 * 60_000;

export interface ScheduledDigest {
  taskId: string;
  /** Due now (the first registration after a quiet interval) or at the end of the interval. */
  notBefore?: Date;
}

/**
 * One mail to the platform admins per interval instead of one per registration. The registration
 * transaction adds a notice and, when no digest is scheduled, creates a digest task due at
 * `lastSentAt + interval` (or now): the first registration after a quiet interval is announced at once,
 * the ones after it together at the end of the interval.
 */
export class RegistrationDigest {
  constructor(
    private readonly d: {
      repo: RegistrationDigestRepository;
      tasks: Pick<TaskRunner, 'createInTx' | 'start'>;
      intervalMs: number;
      now: () => Date;
    },
  ) {}

  /** The transaction's read (call before its writes). */
  readInTx(tx: Transaction): Promise<DigestState> {
    return this.d.repo.stateInTx(tx);
  }

  /** Writes the notice and, when none is scheduled, a digest task; start the returned task after the commit. */
  noteInTx(
    tx: Transaction,
    state: DigestState,
    notice: RegistrationNotice,
    createdBy: string,
  ): ScheduledDigest | undefined {
    this.d.repo.addNoticeInTx(tx, notice);
    const now = this.d.now().getTime();
    const scheduled = state.nextTaskId && (state.nextAt?.getTime() ?? 0) > now - SCHEDULE_STALE_MS;
    if (scheduled) return undefined;
    const due = (state.lastSentAt?.getTime() ?? 0) + this.d.intervalMs;
    const notBefore = due > now ? new Date(due) : undefined;
    const taskId = this.d.tasks.createInTx(tx, { kind: REGISTRATION_DIGEST, params: {}, createdBy, notBefore });
    this.d.repo.setStateInTx(tx, { nextTaskId: taskId, nextAt: notBefore ?? new Date(now) });
    return { taskId, notBefore };
  }

  /** A digest due now runs inline (the mail is written before the registration answers); a later one is queued. */
  async start(digest: ScheduledDigest | undefined): Promise<void> {
    if (!digest) return;
    if (digest.notBefore) await this.d.tasks.start(digest.taskId, { notBefore: digest.notBefore });
    else await this.d.tasks.start(digest.taskId, { inline: true });
  }
}

/**
 * The digest task: one chunk that, in its commit transaction, reads the pending notices, writes one mail
 * listing them to the active platform admins, deletes the notices and records the time. Mail, deletion
 * and the task's progress are one transaction, so a redelivery never mails twice; a notice written after
 * the commit's read waits for the next digest, which its registration schedules.
 */
export function registrationDigestTask(d: {
  repo: RegistrationDigestRepository;
  mail: Pick<MailOutbox, 'sendInTx'>;
  /** Recipients, read when the digest is sent (admins may change in between). */
  platformAdminMails: () => Promise<string[]>;
  portalUrl: string;
  now: () => Date;
}): TaskKind<Record<string, never>> {
  return {
    kind: REGISTRATION_DIGEST,
    chunkSize: 1,
    parse: () => ({}),
    async runChunk({ taskId }) {
      const recipients = await d.platformAdminMails();
      return {
        cursor: 1,
        processed: 1,
        finished: true,
        async commit(tx) {
          const state = await d.repo.stateInTx(tx);
          const notices = await d.repo.pendingInTx(tx);
          const now = d.now();
          if (notices.length && recipients.length)
            d.mail.sendInTx(
              tx,
              registrationDigestMail({ to: recipients, registrations: notices, portalUrl: d.portalUrl }),
              now,
            );
          d.repo.deleteNoticesInTx(tx, notices);
          d.repo.setStateInTx(tx, {
            ...(notices.length ? { lastSentAt: now } : {}),
            ...(state.nextTaskId === taskId ? { nextTaskId: null, nextAt: null } : {}),
          });
        },
      };
    },
  };
}
