import { ApiError, errorsOf } from '../../platform/api-error.js';
import { attachmentName, CHAT_ERRORS, CONVERSATIONS_PREFIX, type Conversation } from '../../model/chat.js';
import { ENQUIRY_FOLDER_NAMES, enquiryFolderPath } from '../../model/enquiry.js';
import { enquirySupplementsPath } from '../../model/enquiry-supplements.js';
import type { AttachedFile } from '../../model/files.js';
import { offerDocumentsPath } from '../../model/offer.js';
import { isParticipant, mayCopyAttachment } from '../../model/permissions-chat.js';
import type { Principal } from '../../model/user.js';
import type { FileOwner } from '../../platform/files/file-owners.js';
import { readObject, type FileStore } from '../../platform/files/file-store.js';
import type { FilesService } from '../files/files.service.js';
import type { ConversationsRepository } from './chat.repository.js';
import type { ChatService } from './chat.service.js';

const fail = errorsOf(CHAT_ERRORS);

/**
 * `conversations/{conversationId}/`: a conversation's attachments, stored by POST /conversation/message/send through
 * the files module and downloadable through GET /file/ by its participants only (everybody else: 404). Attachments
 * stay with their messages: a delete is refused (403).
 */
export function conversationFilesOwner(conversations: ConversationsRepository): FileOwner {
  return {
    prefix: CONVERSATIONS_PREFIX,
    context: 'general',
    async authorize(principal, { conversationId }) {
      const c = await conversations.get(conversationId!);
      if (!c || !isParticipant(principal, c)) throw ApiError.notFound();
    },
    async recordDelete() {
      throw ApiError.forbidden();
    },
  };
}

/**
 * The folders of the conversation's record an attachment may be copied into (registered folders only): an enquiry's
 * three folders (a draft's) and its supplementary documents (a released one's).
 */
function copyTargets(c: Pick<Conversation, 'kind' | 'enquiryId' | 'offerId'>): string[] {
  if (c.kind === 'offer') return [offerDocumentsPath(c.offerId!)];
  return [
    ...ENQUIRY_FOLDER_NAMES.map((folder) => enquiryFolderPath(folder, c.enquiryId)),
    enquirySupplementsPath(c.enquiryId),
  ];
}

/**
 * GET /conversation/message/copyfile?messageId&path: copies a message's attachment into a folder of the
 * conversation's enquiry or offer, as an upload by the caller through the target folder's own FileOwner (its rules,
 * its name rule, its side metadata), with the message as its origin: a released enquiry's documents are locked (409
 * `enquiryLocked`), its supplementary documents take it (once per message: 409 `supplementExists`); an offer's
 * documents take it for the caller's side. `path` outside the record: 400 `invalidCopyTarget`.
 */
export async function copyAttachment(
  d: { chat: ChatService; files: Pick<FilesService, 'upload'>; store: FileStore },
  principal: Principal,
  messageId: string,
  path: string,
): Promise<AttachedFile> {
  const { message, conversation } = await d.chat.messageOf(principal, messageId);
  if (!message.attachmentPath) throw fail.noAttachment();
  if (!mayCopyAttachment(principal, conversation)) throw ApiError.forbidden();
  const folder = path.endsWith('/') ? path : `${path}/`;
  if (!copyTargets(conversation).includes(folder))
    throw fail.invalidCopyTarget([{ path: 'path', key: 'validation.oneOf' }]);
  const bytes = await readObject(d.store, message.attachmentPath);
  if (!bytes) throw ApiError.notFound();
  const filename = attachmentName(message.attachmentPath);
  const file = { field: 'file', filename, declaredType: '', bytes };
  return d.files.upload(principal, folder, file, 'UNKNOWN', { kind: 'chat', messageId: message.id });
}
