import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { revive } from '../../data/firestore-values.js';
import {
  CHAT_DIGEST_DELAY_MS,
  CHAT_DIGEST_INTERVAL_MS,
  CHAT_DIGEST_MAX_MESSAGES,
  type Message,
} from '../../model/chat.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import type { TaskKind } from '../../platform/tasks/task-kind.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import { chatDigestMail } from './chat-mails.js';
import { MESSAGES } from './chat.repository.js';

export const CHAT_DIGEST = 'chatDigest';
const DIGESTS = 'chatDigests';

/** `chatDigests/{userId}`: the user's switch and schedule. */
export interface DigestState {
  /** switched off in the profile */
  disabled?: boolean;
  lastSentAt?: Date;
  /** the newest message (`sortKey`) a digest listed: later digests list only newer ones */
  sentUpTo?: string;
  /** the latest moment a digest task is scheduled for (none after it) */
  nextAt?: Date | null;
}

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
      db: Firestore;
      tasks: Pick<TaskRunner, 'createInTx' | 'start'>;
    },
  ) {}

  private ref(userId: string) {
    return this.d.db.collection(DIGESTS).doc(userId);
  }

  async statesInTx(tx: Transaction, userIds: readonly string[]): Promise<Map<string, DigestState>> {
    if (!userIds.length) return new Map();
    const snaps = await tx.getAll(...userIds.map((id) => this.ref(id)));
    return new Map(snaps.map((s) => [s.id, s.exists ? revive<DigestState>(s.data()) : {}]));
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
      tx.set(this.ref(userId), { nextAt: notBefore }, { merge: true });
      out.push({ taskId, notBefore });
    }
    return out;
  }

  async start(scheduled: readonly ScheduledDigest[]): Promise<void> {
    for (const s of scheduled) await this.d.tasks.start(s.taskId, { notBefore: s.notBefore });
  }

  async setting(userId: string): Promise<{ enabled: boolean }> {
    const snap = await this.ref(userId).get();
    return { enabled: !(snap.exists && snap.get('disabled') === true) };
  }

  async setSetting(userId: string, enabled: boolean): Promise<{ enabled: boolean }> {
    await this.ref(userId).set({ disabled: !enabled }, { merge: true });
    return { enabled };
  }
}

/**
 * The digest task of one user: one chunk whose commit reads the state and the user's messages unread for at least
 * CHAT_DIGEST_DELAY_MS that no digest listed yet, writes one mail (unless switched off, nothing is pending, or the
 * last digest is younger than the interval: then the later task scheduled with it sends), and records what it sent.
 */
export function chatDigestTask(d: {
  db: Firestore;
  mail: Pick<MailOutbox, 'sendInTx'>;
  /** the recipient's address and name, read when the digest is sent */
  contact: (userId: string) => Promise<{ mail: string; name: string; lastname: string } | undefined>;
  portalUrl: string;
  now: () => Date;
}): TaskKind<{ userId: string }> {
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
          const ref = d.db.collection(DIGESTS).doc(userId);
          const snap = await tx.get(ref);
          const state = snap.exists ? revive<DigestState>(snap.data()) : {};
          const now = d.now();
          const cutoff = new Date(now.getTime() - CHAT_DIGEST_DELAY_MS).toISOString();
          let q = d.db
            .collection(MESSAGES)
            .where('unreadBy', 'array-contains', userId)
            .where('sortKey', '<=', `${cutoff}\uffff`);
          if (state.sentUpTo) q = q.where('sortKey', '>', state.sentUpTo);
          const page = await tx.get(q.orderBy('sortKey', 'desc').limit(CHAT_DIGEST_MAX_MESSAGES + 1));
          const found = page.docs.map((doc) => revive<Message>({ ...doc.data(), id: doc.id }));
          const pending = found.slice(0, CHAT_DIGEST_MAX_MESSAGES);
          const tooSoon = !!state.lastSentAt && now.getTime() - state.lastSentAt.getTime() < CHAT_DIGEST_INTERVAL_MS;
          const next = (state.nextAt?.getTime() ?? 0) <= now.getTime() ? { nextAt: null } : {};
          if (state.disabled || !contact || !pending.length || tooSoon) {
            tx.set(ref, next, { merge: true });
            return;
          }
          d.mail.sendInTx(
            tx,
            chatDigestMail({ contact, messages: pending, more: found.length > pending.length, portalUrl: d.portalUrl }),
            now,
          );
          tx.set(ref, { ...next, lastSentAt: now, sentUpTo: pending[0]!.sortKey }, { merge: true });
        },
      };
    },
  };
}
