import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { UploadedFile } from '../../http/multipart.js';
import { authorizeRecord } from '../../http/record-access.js';
import {
  CHAT_ERRORS,
  CONVERSATION_LIST_MAX,
  conversationFolderPath,
  MESSAGE_PAGE_SIZE,
  READ_ALL_BATCH,
  READ_ALL_MAX_BATCHES,
  UNREAD_LIST_MAX,
  type Conversation,
  type ConversationView,
  type Message,
  type MessagePage,
  type MessageView,
  type UnreadMessages,
} from '../../model/chat.js';
import type { Enquiry } from '../../model/enquiry.js';
import type { Offer } from '../../model/offer.js';
import {
  chatSide,
  enquiryChatStanding,
  enquiryConversationRefusal,
  isMessageFor,
  isParticipant,
  offerChatStanding,
  offerConversationRefusal,
  recipientCompanyId,
  standingRefusal,
} from '../../model/permissions-chat.js';
import type { Principal } from '../../model/user.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { EnquiriesService } from '../enquiries/enquiries.service.js';
import type { FilesService } from '../files/files.service.js';
import type { OfferRevision, OffersPort } from '../offers/offers.port.js';
import type { FileDiscard } from '../../platform/files/discard.js';
import type { ChatDigest, ScheduledDigest } from './chat-digest.js';
import { newMessage } from './chat-message.js';
import {
  enquiryConversationId,
  offerConversationId,
  type ConversationsRepository,
  type MessagesRepository,
} from './chat.repository.js';

const fail = errorsOf(CHAT_ERRORS);

export interface ChatServiceDeps {
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  enquiries: Pick<EnquiriesService, 'record' | 'getInTx'>;
  offers: Pick<OffersPort, 'record'>;
  files: Pick<FilesService, 'upload'>;
  discard: Pick<FileDiscard, 'discard'>;
  /** the ids of a company's users (the recipients of a message) */
  memberIds: (companyId: string) => Promise<string[]>;
  /** the mail digest of unread messages: scheduled in the message transaction */
  digest?: Pick<ChatDigest, 'statesInTx' | 'scheduleInTx' | 'start'>;
  transaction: RunTransaction;
  now: () => Date;
}

const fullNameOf = (p: Principal) => `${p.user.name} ${p.user.lastname}`.trim();

/** The caller's view of a message. */
function messageView(m: Message, userId: string): MessageView {
  const { unreadBy, ...rest } = m;
  return { ...rest, read: !unreadBy.includes(userId) };
}

/**
 * Conversations and messages (issue 21; docs/api.md "Conversation and messages", docs/decisions-chat.md). Every
 * call reads the conversation once and checks the participant rule of model/permissions-chat.ts on it (hidden → 404);
 * new conversations and messages check the record's chat standing (409) on the record as it is now.
 */
export class ChatService {
  constructor(private readonly d: ChatServiceDeps) {}

  /** The conversation, for a participant (404 for everybody else and for unknown ids). */
  async conversation(principal: Principal, id: string): Promise<Conversation> {
    return authorizeRecord(principal, await this.d.conversations.get(id), {
      see: (c) => isParticipant(principal, c),
      seesAll: false,
    });
  }

  private async view(principal: Principal, c: Conversation): Promise<ConversationView> {
    const { companyIds: _ignored, ...rest } = c;
    const side = chatSide(principal, c);
    return {
      ...rest,
      companyName: side === 'supplier' ? c.customerName : c.supplierName,
      unread: await this.d.messages.hasUnread(principal.uid, c.id),
    };
  }

  private async views(principal: Principal, list: Conversation[]): Promise<ConversationView[]> {
    const sorted = [...list].sort((a, b) => b.lastMessageDate.getTime() - a.lastMessageDate.getTime());
    return Promise.all(sorted.map((c) => this.view(principal, c)));
  }

  /** GET /conversation/?userId: the caller's own conversations (another user's: 403), newest message first. */
  async ofUser(principal: Principal, userId: string): Promise<ConversationView[]> {
    if (userId !== principal.uid) throw ApiError.forbidden();
    const list = await this.d.conversations.ofCompany(principal.company.id, CONVERSATION_LIST_MAX);
    return this.views(principal, list);
  }

  /**
   * GET /conversation/?enquiryId or ?offerId: the caller's conversations there (a supplier sees only his own on an
   * enquiry). A record the caller cannot see and has no conversation on answers 404.
   */
  async ofRecord(principal: Principal, q: { enquiryId?: string; offerId?: string }): Promise<ConversationView[]> {
    if (q.offerId) {
      const c = await this.d.conversations.ofOffer(q.offerId);
      if (c && isParticipant(principal, c)) return this.views(principal, [c]);
      const offer = await this.d.offers.record(q.offerId);
      if (!offer || offerConversationRefusal(principal, offer) === 'hidden') throw ApiError.notFound();
      return [];
    }
    if (!q.enquiryId) throw ApiError.badRequest('validation', [{ path: 'enquiryId', key: 'validation.required' }]);
    const supplierId = principal.companyType === 'SUPPLIER' ? principal.company.id : undefined;
    const mine = (await this.d.conversations.ofEnquiry(q.enquiryId, supplierId)).filter((c) =>
      isParticipant(principal, c),
    );
    if (mine.length) return this.views(principal, mine);
    const enquiry = await this.d.enquiries.record(q.enquiryId);
    if (!enquiry || enquiryConversationRefusal(principal, enquiry) === 'hidden') throw ApiError.notFound();
    return [];
  }

  /**
   * POST /conversation/ {enquiryId} or {offerId}: opens the conversation, or answers the existing one (200 instead
   * of 201). The id is the claim (one per enquiry and supplier, one per offer chain): two parallel creates meet on
   * the same document inside their transactions, so one creates and the other reads it.
   */
  async create(
    principal: Principal,
    input: { enquiryId?: string; offerId?: string },
  ): Promise<{ created: boolean; conversation: ConversationView }> {
    if (!!input.enquiryId === !!input.offerId)
      throw ApiError.badRequest('validation', [{ path: 'enquiryId', key: 'validation.required' }]);
    let id: string;
    let fresh: (now: Date) => Conversation;
    if (input.offerId) {
      const existing = await this.d.conversations.ofOffer(input.offerId);
      if (existing && isParticipant(principal, existing))
        return { created: false, conversation: await this.view(principal, existing) };
      const offer = await this.d.offers.record(input.offerId);
      this.refuse(offer ? offerConversationRefusal(principal, offer) : 'hidden');
      id = offerConversationId(offer!.id);
      fresh = (now) => this.offerConversation(id, offer!, principal, now);
    } else {
      const enquiry = await this.d.enquiries.record(input.enquiryId!);
      this.refuse(enquiry ? enquiryConversationRefusal(principal, enquiry) : 'hidden', () => {
        // the customer writes where a conversation exists, and answers it; he opens none
        throw ApiError.forbidden();
      });
      id = enquiryConversationId(enquiry!.id, principal.company.id);
      fresh = (now) => this.enquiryConversation(id, enquiry!, principal, now);
    }
    const { created, conversation } = await this.d.transaction(async (tx) => {
      const there = await this.d.conversations.getInTx(tx, id);
      if (there) return { created: false, conversation: there };
      const c = fresh(this.d.now());
      this.d.conversations.createInTx(tx, c);
      return { created: true, conversation: c };
    });
    return { created, conversation: await this.view(principal, conversation) };
  }

  private refuse(refusal: string | undefined, forbidden?: () => never): void {
    if (refusal === undefined) return;
    if (refusal === 'forbidden' && forbidden) forbidden();
    if (refusal === 'chatNotOpen' || refusal === 'chatReadOnly') throw fail[refusal]();
    throw ApiError.notFound();
  }

  private enquiryConversation(id: string, e: Enquiry, p: Principal, now: Date): Conversation {
    return {
      id,
      kind: 'enquiry',
      enquiryId: e.id,
      offerIds: [],
      title: e.title,
      supplierId: p.company.id,
      supplierName: p.company.name,
      customerId: e.customerId,
      customerName: e.customerName,
      companyIds: [p.company.id, e.customerId],
      lastMessageDate: now,
      createdBy: p.uid,
      createDate: now,
    };
  }

  private offerConversation(id: string, o: Offer, p: Principal, now: Date): Conversation {
    return {
      id,
      kind: 'offer',
      enquiryId: o.enquiryId,
      offerId: o.id,
      offerIds: [o.id],
      title: o.enquiryTitle,
      supplierId: o.supplierId,
      supplierName: o.supplierName,
      customerId: o.customerId,
      customerName: o.customerName,
      companyIds: [o.supplierId, o.customerId],
      lastMessageDate: now,
      createdBy: p.uid,
      createDate: now,
    };
  }

  /** GET /conversation/message: the newest page (or the one before `before`, or what came after `after`). */
  async messages(
    principal: Principal,
    q: { conversationId: string; before?: string; after?: string },
  ): Promise<MessagePage> {
    await this.conversation(principal, q.conversationId);
    const newestFirst = await this.d.messages.thread(q.conversationId, MESSAGE_PAGE_SIZE, q);
    const content = (q.after ? newestFirst : [...newestFirst].reverse()).map((m) => messageView(m, principal.uid));
    const older = !q.after && newestFirst.length === MESSAGE_PAGE_SIZE ? newestFirst.at(-1)!.sortKey : undefined;
    return { content, ...(older ? { before: older } : {}) };
  }

  /**
   * GET /conversation/message/unread: the caller's unread messages (newest first, `size` of them) and the count, only
   * messages for his company as it is now (`isMessageFor`, decided on the conversations read now, not on `unreadBy`
   * written at send time): whenever he has any, the newest UNREAD_LIST_MAX are checked, and stale entries found there
   * (he moved to another company) are removed on the way (docs/decisions-chat.md "Users who leave a company").
   */
  async unread(principal: Principal, size: number): Promise<UnreadMessages> {
    const page = await this.d.messages.unread(principal.uid, UNREAD_LIST_MAX);
    const { kept, stale } = await this.sortUnread(principal, page.content);
    if (stale.length) await this.d.messages.settleUnread(principal.uid, this.d.now(), { stale });
    return {
      totalElements: Math.max(0, page.totalElements - stale.length),
      content: kept.slice(0, size).map((m) => messageView(m, principal.uid)),
    };
  }

  /** The caller's unread messages split into those for his company now and stale entries (the conversations read now). */
  private async sortUnread(principal: Principal, messages: Message[]): Promise<{ kept: Message[]; stale: Message[] }> {
    const conversations = await this.d.conversations.byIds(messages.map((m) => m.conversationId));
    const kept: Message[] = [];
    const stale: Message[] = [];
    for (const m of messages)
      (isMessageFor(principal.company.id, conversations.get(m.conversationId), m) ? kept : stale).push(m);
    return { kept, stale };
  }

  /**
   * GET /conversation/message/read?messageId: marks one message read for the caller (a participant's), when it is
   * for his company now: a message of a conversation his company is not part of answers 404.
   */
  async read(principal: Principal, messageId: string): Promise<MessageView> {
    const message = await this.d.transaction(async (tx) => {
      const m = await this.d.messages.getInTx(tx, messageId);
      const c = m && (await this.d.conversations.getInTx(tx, m.conversationId));
      authorizeRecord(principal, c, { see: (x) => isParticipant(principal, x), seesAll: false });
      return m!.unreadBy.includes(principal.uid) && isMessageFor(principal.company.id, c, m!)
        ? this.d.messages.markReadInTx(tx, m!, principal.uid, this.d.now())
        : m!;
    });
    return messageView(message, principal.uid);
  }

  /**
   * GET|POST /conversation/message/read/all: the caller's unread messages (all, or one conversation's) in batches;
   * only those for his company now are marked read (and counted), stale entries are only removed.
   */
  async readAll(principal: Principal, conversationId?: string): Promise<{ marked: number; more: boolean }> {
    if (conversationId) await this.conversation(principal, conversationId);
    let marked = 0;
    for (let i = 0; i < READ_ALL_MAX_BATCHES; i++) {
      const batch = await this.d.messages.unreadBatch(principal.uid, READ_ALL_BATCH, conversationId);
      if (!batch.length) return { marked, more: false };
      const { kept, stale } = await this.sortUnread(principal, batch);
      await this.d.messages.settleUnread(principal.uid, this.d.now(), { read: kept, stale });
      marked += kept.length;
    }
    return { marked, more: true };
  }

  /** The chat standing of a conversation's record as it is now (inside the send transaction for enquiries). */
  private async standing(c: Conversation, tx: Parameters<Parameters<RunTransaction>[0]>[0]) {
    if (c.kind === 'enquiry') {
      const e = await this.d.enquiries.getInTx(tx, c.enquiryId);
      return e ? enquiryChatStanding(e) : 'readOnly';
    }
    const o = await this.d.offers.record(c.offerId!);
    return o ? offerChatStanding(o) : 'readOnly';
  }

  /**
   * POST /conversation/message/send: a text and/or one file. The file is stored in the conversation's folder through
   * the files module (its type and size rules: 415/413); the message follows in a transaction that checks the
   * record's standing again, writes `unreadBy` (the other company's users) and the conversation's last message.
   */
  async send(
    principal: Principal,
    input: { conversationId: string; content: string },
    file: UploadedFile | undefined,
  ): Promise<MessageView> {
    if (!input.content && !file) throw fail.messageEmpty([{ path: 'content', key: 'validation.required' }]);
    const c = await this.conversation(principal, input.conversationId);
    const check = async (tx: Parameters<Parameters<RunTransaction>[0]>[0]) => {
      const refusal = standingRefusal(await this.standing(c, tx));
      if (refusal) throw fail[refusal]();
    };
    // with a file, refuse before storing it; the message transaction checks (again) in any case
    if (file) await this.d.transaction(check);
    const recipients = this.d.memberIds(recipientCompanyId(c, principal.company.id));
    const attachment = file
      ? await this.d.files.upload(principal, conversationFolderPath(c.id), file, 'UNKNOWN')
      : undefined;
    const unreadBy = await recipients;
    let scheduled: ScheduledDigest[] = [];
    let message: Message;
    try {
      message = await this.d.transaction(async (tx) => {
        await check(tx);
        const states = await this.d.digest?.statesInTx(tx, unreadBy);
        const now = this.d.now();
        const m = newMessage(c, {
          id: this.d.messages.newId(),
          sender: {
            uid: principal.uid,
            fullName: fullNameOf(principal),
            companyId: principal.company.id,
            companyName: principal.company.name,
          },
          content: input.content,
          unreadBy,
          ...(attachment ? { attachmentPath: attachment.path } : {}),
          now,
        });
        this.d.messages.createInTx(tx, m);
        this.d.conversations.setLastMessageInTx(tx, c.id, m);
        scheduled = states ? this.d.digest!.scheduleInTx(tx, states, now, principal.uid) : [];
        return m;
      });
    } catch (error) {
      if (attachment) await this.d.discard.discard([attachment.path]);
      throw error;
    }
    // the message is committed: the digest tasks start (never throws; a lost enqueue is recovered by the runner)
    await this.d.digest?.start(scheduled);
    return messageView(message, principal.uid);
  }

  /** A message and its conversation for a participant (404 otherwise). */
  async messageOf(principal: Principal, messageId: string): Promise<{ message: Message; conversation: Conversation }> {
    const message = await this.d.messages.get(messageId);
    const conversation = message && (await this.d.conversations.get(message.conversationId));
    authorizeRecord(principal, conversation, { see: (x) => isParticipant(principal, x), seesAll: false });
    return { message: message!, conversation: conversation! };
  }

  /** The offers' `revised` event: the new version continues its predecessor's conversation. */
  async onRevised({ previous, next }: OfferRevision): Promise<void> {
    const c = await this.d.conversations.ofOffer(previous.id);
    if (c) await this.d.conversations.addOffer(c.id, next.id);
  }
}
