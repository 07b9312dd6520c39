import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { TaskKindRegistry } from '../../platform/tasks/task-kind.js';
import { TaskRunner } from '../../platform/tasks/task-runner.js';
import { ConversationsRepository, MessagesRepository } from './chat.repository.js';
import { CHAT_UNREAD_PURGE, chatUnreadPurgeTask } from './unread-purge.task.js';

// The kind against our Firestore emulator: pages a user's unread messages by id and removes him only where a message
// is not for his company now. 'max' moved from customer 'old' to customer 'new'; 'gone' was deleted.

let env: TestEnv;
let db: Firestore;
const companies: Record<string, string | undefined> = { max: 'new', ann: 'old', gone: undefined };

beforeAll(async () => {
  env = await startEnv();
  db = env.db as unknown as Firestore;
  const conversation = (customerId: string) => ({
    kind: 'enquiry',
    enquiryId: `e-${customerId}`,
    supplierId: 'sup',
    customerId,
    companyIds: ['sup', customerId],
    lastMessageDate: new Date(),
  });
  const batch = db.batch();
  batch.set(db.collection('conversations').doc('c-old'), conversation('old'));
  batch.set(db.collection('conversations').doc('c-new'), conversation('new'));
  const message = (i: number, conversationId: string, companyId: string, unreadBy: string[]) =>
    batch.set(db.collection('messages').doc(`m${String(i).padStart(3, '0')}`), {
      conversationId,
      companyId,
      senderId: 's',
      createDate: new Date(),
      sortKey: `k${i}`,
      unreadBy,
      readBy: [],
    });
  // 45 of the former company's conversation (the supplier wrote), interleaved with 5 of the new one's
  for (let i = 0; i < 50; i++) {
    if (i % 10 === 3) message(i, 'c-new', 'sup', ['max']);
    else message(i, 'c-old', 'sup', ['max', 'ann', 'gone']);
  }
  message(50, 'c-new', 'new', ['max']); // written by his new company: not for him (a stale entry as well)
  message(51, 'c-missing', 'sup', ['max']); // its conversation is gone
  await batch.commit();
});
afterAll(() => env.close());

function setup() {
  const queue = {
    names: [] as string[],
    async enqueue(_id: string, name: string) {
      this.names.push(name);
    },
  };
  const runner = new TaskRunner({
    db,
    queue,
    now: () => new Date(),
    kinds: new TaskKindRegistry().register(
      chatUnreadPurgeTask({
        messages: new MessagesRepository(db),
        conversations: new ConversationsRepository(db),
        companyOf: async (userId) => companies[userId],
      }),
    ),
  });
  return { runner, queue };
}

const unreadOf = async (userId: string) =>
  (await db.collection('messages').where('unreadBy', 'array-contains', userId).get()).docs.map((d) => d.id).sort();

describe('chatUnreadPurge', () => {
  it('a moved user keeps only his new company’s messages unread, in chunks by id; nobody else is touched', async () => {
    const { runner, queue } = setup();
    const id = await runner.create({
      kind: CHAT_UNREAD_PURGE,
      params: { userId: 'max' },
      createdBy: 'admin',
      chunkSize: 20,
      chunksPerDelivery: 1,
    });
    expect(await runner.deliver(id, { id: 'd0', lastAttempt: false })).toBe('handedOn');
    expect(await runner.repo.get(id)).toMatchObject({ cursor: 'm019', progress: { done: 20 } });
    for (let i = 0; i < 5 && queue.names.length; i++)
      await runner.deliver(id, { id: queue.names.shift()!, lastAttempt: false });
    expect(await runner.repo.get(id)).toMatchObject({ state: 'done', progress: { done: 52 } });
    expect(await unreadOf('max')).toEqual(['m003', 'm013', 'm023', 'm033', 'm043']);
    expect(await unreadOf('ann')).toHaveLength(45);
    const stale = (await db.collection('messages').doc('m000').get()).data()!;
    expect(stale).toMatchObject({ unreadBy: ['ann', 'gone'], readBy: [] });
  });

  it('a deleted user: every entry goes; a second run finds nothing to do', async () => {
    const { runner } = setup();
    for (let run = 0; run < 2; run++) {
      const id = await runner.create({ kind: CHAT_UNREAD_PURGE, params: { userId: 'gone' }, createdBy: 'admin' });
      expect(await runner.deliver(id, { id: `g${run}`, lastAttempt: false })).toBe('done');
    }
    expect(await unreadOf('gone')).toEqual([]);
    expect(await unreadOf('ann')).toHaveLength(45);
  });

  it('fails with invalidParams on a stored task without a valid user id', async () => {
    const { runner } = setup();
    const id = await runner.create({ kind: CHAT_UNREAD_PURGE, params: { userId: '../x' }, createdBy: 'admin' });
    expect(await runner.deliver(id, { id: 'd', lastAttempt: false })).toBe('failed');
    expect(await runner.repo.get(id)).toMatchObject({ state: 'failed', error: { code: 'invalidParams' } });
  });
});
