import { FieldPath, FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { entityConverter } from '../../data/converter.js';
import { EntityCollection } from '../../data/entity-collection.js';
import type { PagedListShape } from '../../data/paged-query.js';
import type { Conversation, Message } from '../../model/chat.js';

const CONVERSATIONS = 'conversations';
const MESSAGES = 'messages';

const conversationConverter = entityConverter<Conversation>({
  required: ['kind', 'enquiryId', 'supplierId', 'customerId', 'companyIds', 'lastMessageDate'],
  defaults: () => ({ offerIds: [] }),
});

const messageConverter = entityConverter<Message>({
  required: ['conversationId', 'senderId', 'createDate', 'sortKey'],
  defaults: () => ({ readBy: [], unreadBy: [], content: '' }),
});

/**
 * The chat's queries (declared for firestore.indexes.json): a company's conversations by their newest message, a
 * thread's messages by `sortKey` (pages of older ones, the open panel's poll for newer ones), a user's unread
 * messages by `sortKey`. Unread counts and "unread here?" are equality/array-contains queries the single-field
 * indexes serve.
 */
export const CHAT_PAGE_SHAPES: PagedListShape[] = [
  {
    collectionGroup: CONVERSATIONS,
    filterSets: [[{ field: 'companyIds', op: 'array-contains' }]],
    orderFields: ['lastMessageDate'],
  },
  { collectionGroup: MESSAGES, filterSets: [[{ field: 'conversationId', op: '==' }]], orderFields: ['sortKey'] },
  { collectionGroup: MESSAGES, filterSets: [[{ field: 'unreadBy', op: 'array-contains' }]], orderFields: ['sortKey'] },
];

/** The id of an enquiry conversation: one per enquiry and supplier, claimed by creating this document. */
export const enquiryConversationId = (enquiryId: string, supplierId: string) => `e_${enquiryId}_${supplierId}`;
/** The id of an offer conversation: one per offer chain, claimed by creating this document. */
export const offerConversationId = (offerId: string) => `o_${offerId}`;

/** `conversations/{id}`: the conversations; `messages/{id}` (top level): their messages (docs/decisions-chat.md). */
export class ConversationsRepository extends EntityCollection<Conversation> {
  constructor(db: Firestore) {
    super(db, CONVERSATIONS, conversationConverter);
  }

  /** The enquiry conversations of an enquiry (a supplier: his one; the customer: one per supplier), bounded. */
  async ofEnquiry(enquiryId: string, supplierId?: string): Promise<Conversation[]> {
    let q = this.col().where('enquiryId', '==', enquiryId).where('kind', '==', 'enquiry');
    if (supplierId) q = q.where('supplierId', '==', supplierId);
    return (await q.limit(200).get()).docs.map((d) => d.data());
  }

  /** The conversation of an offer's chain (any version's id). */
  async ofOffer(offerId: string): Promise<Conversation | undefined> {
    const snap = await this.col().where('offerIds', 'array-contains', offerId).limit(1).get();
    return snap.docs[0]?.data();
  }

  /** A company's conversations, newest message first. */
  async ofCompany(companyId: string, limit: number): Promise<Conversation[]> {
    const snap = await this.col()
      .where('companyIds', 'array-contains', companyId)
      .orderBy('lastMessageDate', 'desc')
      .limit(limit)
      .get();
    return snap.docs.map((d) => d.data());
  }

  /** Several conversations by id (one batched read; unknown ids are left out). */
  async byIds(ids: Iterable<string>): Promise<Map<string, Conversation>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const snaps = await this.db.getAll(...unique.map((id) => this.col().doc(id)));
    return toMap(snaps.map((s) => s.data() as Conversation | undefined));
  }

  /** The same inside a transaction. */
  async byIdsInTx(tx: Transaction, ids: Iterable<string>): Promise<Map<string, Conversation>> {
    return toMap(await this.getManyInTx(tx, [...new Set(ids)]));
  }

  /** A revision took the chain over: its id joins, and it is the newest version. */
  async addOffer(conversationId: string, offerId: string): Promise<void> {
    await this.col()
      .doc(conversationId)
      .update({ offerIds: FieldValue.arrayUnion(offerId), offerId });
  }

  /** The newest message's facts, written with the message. */
  setLastMessageInTx(tx: Transaction, conversationId: string, m: Message): void {
    tx.update(this.col().doc(conversationId), {
      lastMessage: m.id,
      lastMessageDate: m.createDate,
      lastMessageText: m.content.slice(0, 200),
      lastMessageSender: m.userFullName,
    });
  }
}

const toMap = (list: Array<Conversation | undefined>) =>
  new Map(list.filter((c): c is Conversation => !!c).map((c) => [c.id, c]));

export class MessagesRepository extends EntityCollection<Message> {
  constructor(db: Firestore) {
    super(db, MESSAGES, messageConverter);
  }

  /** A page of a thread, newest first: before `before` (older), or after `after` (newer, for the poll). */
  async thread(conversationId: string, limit: number, cursor: { before?: string; after?: string }) {
    let q = this.col().where('conversationId', '==', conversationId);
    if (cursor.after) q = q.where('sortKey', '>', cursor.after).orderBy('sortKey', 'asc');
    else {
      if (cursor.before) q = q.where('sortKey', '<', cursor.before);
      q = q.orderBy('sortKey', 'desc');
    }
    const docs = (await q.limit(limit).get()).docs.map((d) => d.data());
    return cursor.after ? docs.reverse() : docs;
  }

  /**
   * The chat digest's messages of a user (chat-digest.ts), newest first, in its task's transaction: unread, with a
   * `sortKey` up to `upTo` and after `after` (what an earlier digest listed).
   */
  async digestPendingInTx(
    tx: Transaction,
    userId: string,
    q: { upTo: string; after?: string; limit: number },
  ): Promise<Message[]> {
    let query = this.col().where('unreadBy', 'array-contains', userId).where('sortKey', '<=', q.upTo);
    if (q.after) query = query.where('sortKey', '>', q.after);
    return (await tx.get(query.orderBy('sortKey', 'desc').limit(q.limit))).docs.map((d) => d.data());
  }

  /** A user's unread messages, newest first (`size` 0: none, only the count). */
  async unread(userId: string, size: number): Promise<{ content: Message[]; totalElements: number }> {
    const base = this.col().where('unreadBy', 'array-contains', userId);
    const [count, page] = await Promise.all([
      base.count().get(),
      size > 0 ? base.orderBy('sortKey', 'desc').limit(size).get() : undefined,
    ]);
    return { content: page?.docs.map((d) => d.data()) ?? [], totalElements: count.data().count };
  }

  /** Does the user have an unread message in this conversation (one index read)? */
  async hasUnread(userId: string, conversationId: string): Promise<boolean> {
    const snap = await this.col()
      .where('conversationId', '==', conversationId)
      .where('unreadBy', 'array-contains', userId)
      .select()
      .limit(1)
      .get();
    return !snap.empty;
  }

  /** Up to `limit` unread messages of the user (in one conversation, or all), in no particular order. */
  async unreadBatch(userId: string, limit: number, conversationId?: string): Promise<Message[]> {
    let q = this.col().where('unreadBy', 'array-contains', userId);
    if (conversationId) q = q.where('conversationId', '==', conversationId);
    return (await q.limit(limit).get()).docs.map((d) => d.data());
  }

  /** A page of the user's unread messages by document id, after `afterId` (the unread purge task's pages). */
  async unreadById(userId: string, afterId: string | null, limit: number): Promise<Message[]> {
    let q = this.col().where('unreadBy', 'array-contains', userId).orderBy(FieldPath.documentId()).limit(limit);
    if (afterId) q = q.startAfter(afterId);
    return (await q.get()).docs.map((d) => d.data());
  }

  /**
   * One batch of 'read all' and of the unread list's clean-up: `read` takes the user out of `unreadBy` and into
   * `readBy` (the first read sets `readDate`), `stale` (messages no longer for him) only out of `unreadBy`. Atomic
   * array transforms: a colleague's parallel read never loses an id.
   */
  async settleUnread(userId: string, now: Date, batchOf: { read?: Message[]; stale?: Message[] }): Promise<void> {
    const { read = [], stale = [] } = batchOf;
    if (!read.length && !stale.length) return;
    const batch = this.db.batch();
    for (const m of read) {
      batch.update(this.col().doc(m.id), {
        unreadBy: FieldValue.arrayRemove(userId),
        readBy: FieldValue.arrayUnion(userId),
        ...(m.readDate ? {} : { readDate: now }),
      });
    }
    for (const m of stale) batch.update(this.col().doc(m.id), { unreadBy: FieldValue.arrayRemove(userId) });
    await batch.commit();
  }

  /** The user's stale unread entries (messages no longer for him) removed, in the purge task's chunk commit. */
  dropUnreadInTx(tx: Transaction, userId: string, messageIds: readonly string[]): void {
    for (const id of messageIds) tx.update(this.col().doc(id), { unreadBy: FieldValue.arrayRemove(userId) });
  }

  /** One message read by one user, inside the transaction that read it. */
  markReadInTx(tx: Transaction, message: Message, userId: string, now: Date): Message {
    const after: Message = {
      ...message,
      unreadBy: message.unreadBy.filter((id) => id !== userId),
      readBy: message.readBy.includes(userId) ? message.readBy : [...message.readBy, userId],
      readDate: message.readDate ?? now,
    };
    tx.update(this.col().doc(message.id), {
      unreadBy: FieldValue.arrayRemove(userId),
      readBy: FieldValue.arrayUnion(userId),
      readDate: after.readDate,
    });
    return after;
  }
}
