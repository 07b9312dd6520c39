// Benchmark (issue 21): the chat through Hosting → function → our emulators (the whole local stack, indexes
// enforced), as the SPA calls it: a customer user in 200 conversations holding 2 000 unread messages (the bell's
// count, the first page of /messages) and a conversation of 10 000 messages (a page of 50, the idle open-panel poll,
// sending without an attachment). `npm run bench -- chat` runs it alone; it starts its own stack on a throw-away
// folder (STACK_PORT_OFFSET shifts its ports beside another stack).
import type { BenchSection } from '../../../../scripts/bench-types.js';
import type { Conversation, Message } from '../../model/chat.js';
import { latencyRows, timeRuns, withBenchStack } from '../../../../scripts/bench-helpers.js';

const CONVERSATIONS = 200;
const UNREAD_PER_CONVERSATION = 10;
const LONG_THREAD = 10_000;
const WARM_UP = 10;
const RUNS = 100;
const TARGETS = { count: 100, messagesPage: 150, thread: 150, send: 200 } as const;

export default function bench(): Promise<BenchSection> {
  return withBenchStack(async () => {
    // after the environment points at the stack
    const { admin, createCompany, createUser, disposeClients } = await import('../../testing/fixtures.js');
    const { call } = await import('../../testing/api-client.js');
    const { chatEnquiry, openConversation, sendMessage } = await import('./chat-fixtures.js');
    const { ConversationsRepository, MessagesRepository } = await import('./chat.repository.js');

    const [customerCompany, supplierCompany] = await Promise.all([
      createCompany('CUSTOMER', { name: 'Bench Maschinenbau GmbH' }),
      createCompany('SUPPLIER', { name: 'Bench Schaltanlagen GmbH' }),
    ]);
    const customer = await createUser(customerCompany, { admin: true });
    const supplier = await createUser(supplierCompany, { admin: true });
    const db = admin().db;
    const conversations = new ConversationsRepository(db);
    const messages = new MessagesRepository(db);
    const ok = (res: { status: number; body: unknown }, what: string, status = 200) => {
      if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    };
    const message = (c: Conversation, i: number, start: number, unreadBy: string[]): Message => {
      const createDate = new Date(start + i * 1000);
      const id = `${c.id}_${String(i).padStart(5, '0')}`;
      return {
        id,
        conversationId: c.id,
        senderId: supplier.user.id,
        userFullName: `${supplier.user.name} ${supplier.user.lastname}`,
        companyName: supplierCompany.name,
        companyId: supplierCompany.id,
        content: `Rückfrage ${i}: Welche Schutzart und welche Klemmen sind für den Schrank vorgesehen?`,
        createDate,
        readBy: [],
        unreadBy,
        kind: 'enquiry',
        enquiryId: c.enquiryId,
        title: c.title,
        sortKey: `${createDate.toISOString()}_${id}`,
      };
    };

    // 1. a customer user in 200 conversations holding 2 000 unread messages (written straight to Firestore)
    const start = Date.UTC(2026, 9, 1);
    const many: Conversation[] = Array.from({ length: CONVERSATIONS }, (_, i) => ({
      id: `e_bench${String(i).padStart(3, '0')}_${supplierCompany.id}`,
      kind: 'enquiry',
      enquiryId: `bench${String(i).padStart(3, '0')}`,
      offerIds: [],
      title: `Schaltschrank Linie ${i}`,
      supplierId: supplierCompany.id,
      supplierName: supplierCompany.name,
      customerId: customerCompany.id,
      customerName: customerCompany.name,
      companyIds: [supplierCompany.id, customerCompany.id],
      lastMessageDate: new Date(start + i * 60_000),
      createdBy: supplier.user.id,
      createDate: new Date(start),
    }));
    await conversations.createMany(many);
    await messages.createMany(
      many.flatMap((c, n) =>
        Array.from({ length: UNREAD_PER_CONVERSATION }, (_, i) =>
          message(c, i, start + n * 100_000, [customer.user.id]),
        ),
      ),
    );

    // 2. a conversation of 10 000 messages on a real released enquiry (read by now)
    const enquiry = await chatEnquiry(customer);
    const longId = await openConversation(supplier.token, { enquiryId: enquiry.id });
    const long = (await conversations.get(longId))!;
    for (let from = 0; from < LONG_THREAD; from += 2_000)
      await messages.createMany(
        Array.from({ length: 2_000 }, (_, i) => message(long, from + i, Date.UTC(2026, 10, 1), [])),
      );

    const count = async () => {
      const res = await call('GET', '/conversation/message/unread', { token: customer.token, query: { size: '0' } });
      ok(res, 'count');
      if (res.body.totalElements !== CONVERSATIONS * UNREAD_PER_CONVERSATION)
        throw new Error(`count ${res.body.totalElements}`);
    };
    const messagesPage = async () => {
      const res = await call('GET', '/conversation/message/unread', { token: customer.token, query: { size: '100' } });
      ok(res, 'unread list');
      if (res.body.content.length !== 100) throw new Error(`listed ${res.body.content.length}`);
    };
    let newest = '';
    let cursor = '';
    const thread = async () => {
      const res = await call('GET', '/conversation/message', {
        token: customer.token,
        query: { conversationId: longId },
      });
      ok(res, 'thread');
      if (res.body.content.length !== 50) throw new Error(`page ${res.body.content.length}`);
      newest = res.body.content.at(-1).sortKey;
      cursor = res.body.before;
    };
    const olderPage = async () => {
      const res = await call('GET', '/conversation/message', {
        token: customer.token,
        query: { conversationId: longId, before: cursor },
      });
      ok(res, 'older page');
      if (res.body.content.length !== 50) throw new Error(`older page ${res.body.content.length}`);
    };
    const poll = async () => {
      const res = await call('GET', '/conversation/message', {
        token: customer.token,
        query: { conversationId: longId, after: newest },
      });
      ok(res, 'poll');
      if (res.body.content.length !== 0) throw new Error(`poll found ${res.body.content.length}`);
    };
    const send = async (i: number) => ok(await sendMessage(customer.token, longId, `Antwort ${i}`), 'send', 201);

    await timeRuns(count, WARM_UP);
    const countTimes = await timeRuns(count, RUNS);
    await timeRuns(messagesPage, WARM_UP);
    const pageTimes = await timeRuns(messagesPage, RUNS);
    await timeRuns(thread, WARM_UP);
    const threadTimes = await timeRuns(thread, RUNS);
    await timeRuns(olderPage, WARM_UP);
    const olderTimes = await timeRuns(olderPage, RUNS);
    await timeRuns(poll, WARM_UP);
    const pollTimes = await timeRuns(poll, RUNS);
    await timeRuns(send, WARM_UP);
    const sendTimes = await timeRuns(send, RUNS);

    await disposeClients();
    return {
      title: 'Chat (/conversation* through Hosting)',
      rows: [
        ...latencyRows(
          `GET /conversation/message/unread?size=0 (the bell), ${CONVERSATIONS * UNREAD_PER_CONVERSATION} unread in ${CONVERSATIONS} conversations`,
          countTimes,
          TARGETS.count,
        ),
        ...latencyRows(
          'GET /conversation/message/unread?size=100 (/messages, first page), same user',
          pageTimes,
          TARGETS.messagesPage,
        ),
        ...latencyRows(`GET /conversation/message, newest 50 of ${LONG_THREAD} messages`, threadTimes, TARGETS.thread),
        ...latencyRows('GET /conversation/message?before=…, the next older 50', olderTimes, TARGETS.thread),
        ...latencyRows('GET /conversation/message?after=<newest> (idle open-panel poll, nothing new)', pollTimes),
        ...latencyRows(
          `POST /conversation/message/send, no attachment, into the ${LONG_THREAD}-message thread`,
          sendTimes,
          TARGETS.send,
        ),
      ],
      notes: [
        `${RUNS} sequential calls after ${WARM_UP} warm-up calls each, as a customer company admin, through the Hosting emulator's /api rewrite to the Functions emulator and our Firestore emulator (indexes enforced).`,
        `The ${CONVERSATIONS} conversations, their ${CONVERSATIONS * UNREAD_PER_CONVERSATION} unread messages and the ${LONG_THREAD}-message thread are written straight to Firestore; the thread's conversation is opened through the API on a released enquiry (the send checks it).`,
      ],
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await bench();
  console.log(JSON.stringify(section, null, 2));
  process.exit(0);
}
