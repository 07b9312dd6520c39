import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import { idSchema, optionalBodyIdSchema, optionalIdSchema } from './id.js';
import { flag, multiline, VALIDATION_KEYS as V, withLimits } from './validation.js';

/**
 * Chat on enquiries and offers (spec 01 §1 item 7, §2 "Messages", "Chat side panel", §3 "Conversation" and
 * "Message", §4 "Notifications", §7 "Conversation and messages"; issue 21). Isomorphic: the API checks input with
 * these schemas and the web shows its controls by them. Who may talk to whom: `permissions-chat.ts`. Decisions:
 * docs/decisions-chat.md.
 */

/** The chat area's error codes (German texts in the web's `chat` namespace). */
export const CHAT_ERRORS = defineErrors({
  /** the enquiry or offer is not released (yet, or again after a reopen): no conversation, no new message */
  chatNotOpen: 409,
  /** closed or archived enquiry, archived or revised offer: the conversation is readable, no new messages */
  chatReadOnly: 409,
  /** a message needs a text or a file */
  messageEmpty: 400,
  /** at most one attachment per message (spec 9) */
  oneAttachment: 400,
  /** copyfile: the message has no attachment */
  noAttachment: 404,
  /** copyfile: `path` is not a folder of the conversation's enquiry or offer */
  invalidCopyTarget: 400,
});

/** At most this many characters per message (400 `validation.maxLength`). */
export const MESSAGE_MAX_LENGTH = 5000;
/** A page of a thread: the newest this many, and a cursor for older ones. */
export const MESSAGE_PAGE_SIZE = 50;
/** GET /conversation/message/unread answers at most this many messages (and always the total count). */
export const UNREAD_LIST_MAX = 100;
/** GET /conversation/ by user answers at most this many conversations (newest message first). */
export const CONVERSATION_LIST_MAX = 100;
/** 'Read all' marks at most this many messages per batch and this many batches per call. */
export const READ_ALL_BATCH = 200;
export const READ_ALL_MAX_BATCHES = 25;
/** While the panel is open, the open conversation asks for newer messages this often (issue 21 "beyond the spec"). */
export const OPEN_CHAT_POLL_INTERVAL_MS = 5000;
/** The mail digest (issue 21 "beyond the spec"): only messages unread this long … */
export const CHAT_DIGEST_DELAY_MS = 15 * 60_000;
/** … at most one digest per user in this interval … */
export const CHAT_DIGEST_INTERVAL_MS = 60 * 60_000;
/** … listing at most this many messages (the newest; the mail says how many there are). */
export const CHAT_DIGEST_MAX_MESSAGES = 20;

/** GET/POST /conversation/digest: the caller's digest switch (on unless switched off). */
export interface DigestSetting {
  enabled: boolean;
}

/** spec 9: the message box has 3 rows; avatars use a fixed palette of 12 colours and 2-letter initials. */
export const MESSAGE_BOX_ROWS = 3;
/** 12 colours that all keep white initials at WCAG AA contrast (≥ 4.5:1). */
export const AVATAR_PALETTE = [
  '#1565c0',
  '#2e7d32',
  '#c62828',
  '#6a1b9a',
  '#bf360c',
  '#00695c',
  '#283593',
  '#33691e',
  '#4e342e',
  '#ad1457',
  '#37474f',
  '#006064',
] as const;

type ConversationKind = 'enquiry' | 'offer';

/**
 * `conversations/{id}`: an enquiry conversation belongs to the enquiry and ONE supplier company (id
 * `e_{enquiryId}_{supplierId}`); an offer conversation to the offer's revision chain (id `o_{offerId}` of the version it
 * was opened on; `offerIds` lists every version, `offerId` is the newest). Participants are all users of the two
 * companies.
 */
export interface Conversation {
  id: string;
  kind: ConversationKind;
  /** the enquiry (for offers: the offer's enquiry) */
  enquiryId: string;
  /** offer conversations: the newest version of the chain */
  offerId?: string;
  /** offer conversations: every version of the chain (empty for enquiries) */
  offerIds: string[];
  /** the enquiry's title (for offers the offer's enquiry title) */
  title: string;
  supplierId: string;
  supplierName: string;
  customerId: string;
  customerName: string;
  /** [supplierId, customerId]: "the conversations of my company" is one array-contains query */
  companyIds: string[];
  /** the newest message's id (spec 3 `lastMessage`), its time (creation time while there is none) and a preview */
  lastMessage?: string;
  lastMessageDate: Date;
  lastMessageText?: string;
  lastMessageSender?: string;
  createdBy: string;
  createDate: Date;
}

/** A conversation as a participant is shown it. */
export interface ConversationView extends Omit<Conversation, 'companyIds'> {
  /** the other side's company name (spec 3 `companyName`) */
  companyName: string;
  /** does the caller have unread messages here (the panel's '!') */
  unread: boolean;
}

/** spec 3 "Message", as stored (`messages/{id}`). */
export interface Message {
  id: string;
  conversationId: string;
  senderId: string;
  userFullName: string;
  companyName: string;
  companyId: string;
  content: string;
  createDate: Date;
  /** when the first recipient read it */
  readDate?: Date;
  /** the users who read it */
  readBy: string[];
  /** the recipients who have not read it yet (the other company's users at send time) */
  unreadBy: string[];
  attachmentPath?: string;
  /** the conversation's context, so the unread list is one query: kind, enquiry, offer, title */
  kind: ConversationKind;
  enquiryId: string;
  offerId?: string;
  title: string;
  /** createDate (ISO) + id: a unique, time-ordered key for the thread's pages and the open panel's poll */
  sortKey: string;
}

/** A message as the caller is shown it: `read` for the caller (own messages are read), no recipients list. */
export interface MessageView extends Omit<Message, 'unreadBy'> {
  read: boolean;
}

/** GET /conversation/message: a page of a thread, oldest first; `before` fetches the next older page. */
export interface MessagePage {
  content: MessageView[];
  /** pass as `before` to read the next older page; absent when this page holds the oldest message */
  before?: string;
}

/** GET /conversation/message/unread: the caller's unread messages (newest first) and their count. */
export interface UnreadMessages {
  content: MessageView[];
  totalElements: number;
}

/** The file name of an attachment path. */
export function attachmentName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export const CONVERSATIONS_PREFIX = 'conversations/{conversationId}/';

/** The files-module folder of a conversation's attachments. */
export function conversationFolderPath(conversationId: string): string {
  return CONVERSATIONS_PREFIX.replace('{conversationId}', conversationId);
}

const sortKeySchema = yup
  .string()
  .typeError(V.type)
  .max(200, withLimits(V.maxLength))
  .matches(/^[0-9TZ:.-]+_[A-Za-z0-9_-]+$/, V.type);

export const conversationQuerySchema = yup.object({
  userId: optionalIdSchema,
  enquiryId: optionalIdSchema,
  offerId: optionalIdSchema,
});

export const conversationCreateSchema = yup.object({
  enquiryId: optionalBodyIdSchema,
  offerId: optionalBodyIdSchema,
});

export const messageQuerySchema = yup.object({
  conversationId: idSchema,
  before: sortKeySchema.optional(),
  after: sortKeySchema.optional(),
});

export const unreadQuerySchema = yup.object({
  size: yup.number().typeError(V.type).integer(V.integer).min(0, V.min).max(UNREAD_LIST_MAX, V.max).default(50),
});

export const messageIdQuerySchema = yup.object({ messageId: idSchema });

export const readAllSchema = yup.object({ conversationId: optionalIdSchema });

export const copyFileQuerySchema = yup.object({
  messageId: idSchema,
  path: yup.string().typeError(V.type).max(1024, withLimits(V.maxLength)).required(V.required),
});

/** The fields of POST /conversation/message/send (multipart; the file is checked by the files module). */
export const messageSendSchema = yup.object({
  conversationId: idSchema,
  content: multiline(MESSAGE_MAX_LENGTH).default(''),
});

/** Two letters for an avatar (spec 9): first and last name's initials, or the first two letters. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length >= 2
      ? `${words[0]![0]}${words.at(-1)![0]}`
      : (words[0] ?? '').replace(/[^\p{L}\p{N}]/gu, '').slice(0, 2);
  return (letters || '?').toUpperCase();
}

/** A stable palette colour for a person (spec 9: 12 colours). */
export function avatarColor(key: string): string {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return AVATAR_PALETTE[hash % AVATAR_PALETTE.length]!;
}

export const digestSettingSchema = yup.object({ enabled: flag().required(V.required) });
