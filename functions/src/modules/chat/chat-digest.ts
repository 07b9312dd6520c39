import type { Transaction } from 'firebase-admin/firestore';
import {
  CHAT_DIGEST_DELAY_MS,
  CHAT_DIGEST_INTERVAL_MS,
  CHAT_DIGEST_MAX_MESSAGES,
  type Message,
} from '../../model/chat.js';
import { isMessageFor } from '../../model/permissions-chat.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import type { TaskKind } from '../../platform/tasks/task-kind.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import { chatDigestMail } from './chat-mails.js';
import type { ChatDigestsRepository, DigestState } from './chat-digests.repository.js';
import type { ConversationsRepository, MessagesRepository } from './chat.repository.js';

export const CHAT_DIGEST = 'chatDigest';

export interface ScheduledDigest {
  taskId: string;
  notBefore: Date;
}

/**
 * The e-mail digest of unread messages (issue 21 "beyond the spec"; docs/decisions-chat.md), built like the admins'
 * registration digest: the send transaction schedules, per recipient, a digest task due when the message has been
 * unread for CHAT_DIGEST_DELAY_MS — unless one is due late enough already — and never sooner than
 * CHAT_DIGEST_INTERVAL_MS after the last digest. The task writes the mail in its chunk's commit, with the state, so a
 * redelivery sends nothing twice. No scheduled function: the project deploys none.
 */
export class ChatDigest {
  constructor(
    private readonly d: {
      digests: ChatDigestsRepository;
      tasks: Pick<TaskRunner, 'createInTx' | 'start'>;
    },
  ) {}

  statesInTx(tx: Transaction, userIds: readonly string[]): Promise<Map<string, DigestState>> {
    return this.d.digests.statesInTx(tx, userIds);
  }

  /** The transaction's writes, after its reads (`states` from `statesInTx`): the tasks to start after the commit. */
  scheduleInTx(
    tx: Transaction,
    states: ReadonlyMap<string, DigestState>,
    now: Date,
    createdBy: string,
  ): ScheduledDigest[] {
    const ripe = now.getTime() + CHAT_DIGEST_DELAY_MS;
    const out: ScheduledDigest[] = [];
    for (const [userId, state] of states) {
      if (state.disabled) continue;
      const next = state.nextAt?.getTime();
      // a digest due after this message is ripe lists it too
      if (next !== undefined && next >= ripe) continue;
      // the one due before it will send (and start the interval): this one follows an interval later
      const after = next ?? state.lastSentAt?.getTime();
      const notBefore = new Date(Math.max(ripe, after !== undefined ? after + CHAT_DIGEST_INTERVAL_MS : 0));
      const taskId = this.d.tasks.createInTx(tx, { kind: CHAT_DIGEST, params: { userId }, createdBy, notBefore });
      this.d.digests.mergeInTx(tx, userId, { nextAt: notBefore });
      out.push({ taskId, notBefore });
    }
    return out;
  }

  async start(scheduled: readonly ScheduledDigest[]): Promise<void> {
    for (const s of scheduled) await this.d.tasks.start(s.taskId, { notBefore: s.notBefore });
  }

  async setting(userId: string): Promise<{ enabled: boolean }> {
    return { enabled: !(await this.d.digests.disabled(userId)) };
  }

  async setSetting(userId: string, enabled: boolean): Promise<{ enabled: boolean }> {
    await this.d.digests.setDisabled(userId, !enabled);
    return { enabled };
  }
}

/**
 * The digest task of one user: one chunk whose commit reads the state and the user's messages unread for at least
 * CHAT_DIGEST_DELAY_MS that no digest listed yet — only those for his company as it is now (`isMessageFor` on the
 * conversations read in the commit: a user moved to another company is not mailed the former one's) —, writes one mail (unless switched off, nothing is pending, or the
 * last digest is younger than the interval: then the later task scheduled with it sends), and records what it sent.
 */
export function chatDigestTask(d: {
  digests: ChatDigestsRepository;
  messages: Pick<MessagesRepository, 'digestPendingInTx'>;
  conversations: Pick<ConversationsRepository, 'byIdsInTx'>;
  mail: Pick<MailOutbox, 'sendInTx'>;
  /** the recipient's address, name and company, read when the digest is sent */
  contact: (userId: string) => Promise<{ mail: string; name: string; lastname: string; companyId: string } | undefined>;
  portalUrl: string;
  now: () => Date;
}): TaskKind<{ userId: string }> {
  /** The messages for the users of `companyId` now (on the conversations read in the commit). */
  const forCompany = async (tx: Transaction, companyId: string, messages: Message[]) => {
    const conversations = await d.conversations.byIdsInTx(
      tx,
      messages.map((m) => m.conversationId),
    );
    return messages.filter((m) => isMessageFor(companyId, conversations.get(m.conversationId), m));
  };
  return {
    kind: CHAT_DIGEST,
    chunkSize: 1,
    parse: (params) => {
      const userId = (params as { userId?: unknown } | null)?.userId;
      if (typeof userId !== 'string' || !userId) throw new Error('chatDigest: userId missing');
      return { userId };
    },
    async runChunk({ params: { userId } }) {
      const contact = await d.contact(userId);
      return {
        cursor: 1,
        processed: 1,
        finished: true,
        async commit(tx) {
          const state = await d.digests.stateInTx(tx, userId);
          const now = d.now();
          const cutoff = new Date(now.getTime() - CHAT_DIGEST_DELAY_MS).toISOString();
          const found = await d.messages.digestPendingInTx(tx, userId, {
            upTo: `${cutoff}\uffff`,
            after: state.sentUpTo,
            limit: CHAT_DIGEST_MAX_MESSAGES + 1,
          });
          const forHim = contact ? await forCompany(tx, contact.companyId, found) : [];
          const pending = forHim.slice(0, CHAT_DIGEST_MAX_MESSAGES);
          const tooSoon = !!state.lastSentAt && now.getTime() - state.lastSentAt.getTime() < CHAT_DIGEST_INTERVAL_MS;
          const next = (state.nextAt?.getTime() ?? 0) <= now.getTime() ? { nextAt: null } : {};
          if (state.disabled || !contact || !pending.length || tooSoon) {
            d.digests.mergeInTx(tx, userId, next);
            return;
          }
          d.mail.sendInTx(
            tx,
            chatDigestMail({
              contact,
              messages: pending,
              more: forHim.length > pending.length,
              portalUrl: d.portalUrl,
            }),
            now,
          );
          d.digests.mergeInTx(tx, userId, { ...next, lastSentAt: now, sentUpTo: pending[0]!.sortKey });
        },
      };
    },
  };
}
