import { Router } from 'express';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { guard } from '../../http/guards.js';
import { multipart, multipartOf } from '../../http/multipart.js';
import { validateBody, validateInput, validateQuery } from '../../http/validate.js';
import {
  CHAT_ERRORS,
  conversationCreateSchema,
  conversationQuerySchema,
  copyFileQuerySchema,
  digestSettingSchema,
  messageIdQuerySchema,
  messageQuerySchema,
  messageSendSchema,
  readAllSchema,
  unreadQuerySchema,
} from '../../model/chat.js';
import { usesChat } from '../../model/permissions-chat.js';
import { ENQUIRIES_PORT } from '../enquiries/enquiries.port.js';
import { FILES_PORT } from '../files/files.module.js';
import { OFFERS_PORT } from '../offers/offers.port.js';
import { USERS_PORT } from '../users/users.port.js';
import { errorsOf } from '../../platform/api-error.js';
import { conversationFilesOwner, copyAttachment } from './chat-attachments.js';
import { ChatDigest, chatDigestTask } from './chat-digest.js';
import { ChatDigestsRepository } from './chat-digests.repository.js';
import { CHAT_PAGE_SHAPES, ConversationsRepository, MessagesRepository } from './chat.repository.js';
import { CHAT_PORT } from './chat.port.js';
import { ChatService } from './chat.service.js';
import { tellSuppliers } from './supplement-notice.js';
import { CHAT_UNREAD_PURGE, chatUnreadPurgeTask, type ChatUnreadPurgeParams } from './unread-purge.task.js';

/** ADMIN-company and EXTERNAL callers have no chat: 403 on every call (a fact about the caller). */
const requireChatUser = guard((p) => usesChat(p));
const fail = errorsOf(CHAT_ERRORS);

/**
 * /conversation* — docs/api.md "Conversation and messages". authenticate → guard (CUSTOMER or SUPPLIER) → validate →
 * service (the participant rule on the conversation it read). Calls with an effect accept GET as the spec names
 * them; the web sends POST. Listens to the offers' `revised` event (a revision continues the conversation) and the
 * users' `leftCompany` (his unread entries of the former company's conversations are purged: unread-purge.task.ts).
 */
function createChatModule(d: AreaDeps): AreaModule {
  const { service: enquiries, events: enquiryEvents } = d.ports.get(ENQUIRIES_PORT);
  const offers = d.ports.get(OFFERS_PORT);
  const files = d.ports.get(FILES_PORT);
  const { users, records: userRecords, events: userEvents } = d.ports.get(USERS_PORT);
  const conversations = new ConversationsRepository(d.db);
  const digests = new ChatDigestsRepository(d.db);
  const digest = new ChatDigest({ digests, tasks: d.tasks });
  const messages = new MessagesRepository(d.db);
  const chat = new ChatService({
    conversations,
    messages,
    enquiries,
    offers,
    files,
    discard: d.discard,
    memberIds: (companyId) => users.memberIds(companyId),
    digest,
    transaction: d.transaction,
    now: d.now,
  });
  offers.events.revised.on((revision) => chat.onRevised(revision));
  // a user who left his company keeps no unread entries of its conversations (after the commit, by the queue)
  userEvents.leftCompany.on(async ({ userId, actorId }) => {
    const params: ChatUnreadPurgeParams = { userId };
    await d.tasks.start(await d.tasks.create({ kind: CHAT_UNREAD_PURGE, params, createdBy: actorId }));
  });
  // a supplementary document on a released enquiry: its suppliers are told (a message and a mail)
  const notice = { conversations, messages, offers, memberIds: (id: string) => users.memberIds(id) };
  enquiryEvents.supplementAdded.on((added) =>
    tellSuppliers(
      {
        ...notice,
        contact: (userId) => users.contact(userId),
        mail: d.mail,
        portalUrl: d.config.portalUrl,
        transaction: d.transaction,
        now: d.now,
      },
      added,
    ),
  );
  d.ports.provide(CHAT_PORT, chat);

  const caller = () => [d.authenticate(), requireChatUser] as const;
  const query = <T>(res: { locals: Record<string, unknown> }) => res.locals.query as T;
  const r = Router();
  r.get('/', ...caller(), validateQuery(conversationQuerySchema), async (_req, res) => {
    const q = query<{ userId?: string; enquiryId?: string; offerId?: string }>(res);
    const p = principalOf(res);
    res.json(q.userId ? await chat.ofUser(p, q.userId) : await chat.ofRecord(p, q));
  });
  r.post('/', ...caller(), validateBody(conversationCreateSchema), async (req, res) => {
    const { created, conversation } = await chat.create(principalOf(res), req.body);
    res.status(created ? 201 : 200).json(conversation);
  });
  r.get('/message', ...caller(), validateQuery(messageQuerySchema), async (_req, res) =>
    res.json(await chat.messages(principalOf(res), query(res))),
  );
  r.get('/message/unread', ...caller(), validateQuery(unreadQuerySchema), async (_req, res) =>
    res.json(await chat.unread(principalOf(res), query<{ size: number }>(res).size)),
  );
  r.get('/digest', ...caller(), async (_req, res) => res.json(await digest.setting(principalOf(res).uid)));
  r.post('/digest', ...caller(), validateBody(digestSettingSchema), async (req, res) =>
    res.json(await digest.setSetting(principalOf(res).uid, req.body.enabled)),
  );
  for (const method of ['get', 'post'] as const) {
    r[method]('/message/read', ...caller(), validateQuery(messageIdQuerySchema), async (_req, res) =>
      res.json(await chat.read(principalOf(res), query<{ messageId: string }>(res).messageId)),
    );
    r[method]('/message/read/all', ...caller(), validateQuery(readAllSchema), async (_req, res) =>
      res.json(await chat.readAll(principalOf(res), query<{ conversationId?: string }>(res).conversationId)),
    );
    r[method]('/message/copyfile', ...caller(), validateQuery(copyFileQuerySchema), async (_req, res) => {
      const q = query<{ messageId: string; path: string }>(res);
      res
        .status(201)
        .json(await copyAttachment({ chat, files, store: d.files }, principalOf(res), q.messageId, q.path));
    });
  }
  // one attachment at most: a second file part is parsed (files: 2) so it answers 400 oneAttachment, not 413
  r.post('/message/send', ...caller(), multipart({ files: 2 }), async (_req, res) => {
    const { fields, files: parts } = multipartOf(res);
    const input = await validateInput(messageSendSchema, {
      conversationId: fields.conversationId,
      content: fields.content,
    });
    if (parts.length > 1) throw fail.oneAttachment([{ path: 'file', key: 'validation.max' }]);
    res.status(201).json(await chat.send(principalOf(res), input, parts[0]));
  });

  return {
    path: '/conversation',
    router: r,
    fileOwners: [conversationFilesOwner(conversations)],
    taskKinds: [
      chatUnreadPurgeTask({
        messages,
        conversations,
        companyOf: async (userId) => (await userRecords.get(userId))?.companyId,
      }),
      chatDigestTask({
        digests,
        messages,
        conversations,
        mail: d.mail,
        contact: (userId) => users.contact(userId),
        portalUrl: d.config.portalUrl,
        now: d.now,
      }),
    ],
  };
}

/** Chat on enquiries and offers, the unread messages (docs/api.md "Conversation and messages"). */
export const chatArea = defineArea({
  name: 'chat',
  pageShapes: CHAT_PAGE_SHAPES,
  errors: CHAT_ERRORS,
  create: createChatModule,
});
