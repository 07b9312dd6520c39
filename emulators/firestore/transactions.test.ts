import { FieldValue, type Timestamp, type Firestore } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, sleep, startEnv, uniq, type TestEnv } from './test-utils.js';

let env: TestEnv;
let short: TestEnv; // short lock wait; idle transactions expire after 3 s
let shortLock: TestEnv; // short lock wait; no transaction expires during a test, however slow the machine
beforeAll(async () => {
  [env, short, shortLock] = await Promise.all([
    startEnv(),
    startEnv({ lockTimeoutMs: 300, txIdleTimeoutMs: 3000 }),
    startEnv({ lockTimeoutMs: 300 }),
  ]);
});
afterAll(async () => {
  await Promise.all([env.close(), short.close(), shortLock.close()]);
});

describe('serializable read-write transactions', () => {
  it('20 parallel transactional increments on one document end at 20', async () => {
    const dbs = [env.db, env.client()];
    const ref = env.db.collection(uniq('inc')).doc('counter');
    await ref.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        dbs[i % 2]!.runTransaction(async (t) => {
          const snap = await t.get(dbs[i % 2]!.doc(ref.path));
          t.update(dbs[i % 2]!.doc(ref.path), { n: snap.get('n') + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('n')).toBe(20);
  });

  it('8 transactions claiming the same unique key: exactly one wins, the others see it taken', async () => {
    const coll = uniq('uniqueKeys');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        env.db.runTransaction(async (t) => {
          const key = env.db.collection(coll).doc('k');
          const snap = await t.get(key);
          if (snap.exists) return false;
          t.create(key, { owner: i });
          return true;
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect((await env.db.collection(coll).doc('k').get()).get('owner')).toBe(winner);
  });

  it('phantom protection: concurrent "query finds nothing, then create" transactions have exactly one winner', async () => {
    const users = env.db.collection(uniq('users'));
    const register = (db: Firestore, email: string) =>
      db.runTransaction(async (t) => {
        const q = await t.get(db.collection(users.path).where('email', '==', email));
        await sleep(100);
        if (!q.empty) return false;
        t.set(db.collection(users.path).doc(), { email });
        return true;
      });
    const dbs = [env.db, env.client()];
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => register(dbs[i % 2]!, 'a@x')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await users.where('email', '==', 'a@x').get()).size).toBe(1);

    // count() in a transaction and collection-group queries are protected the same way
    const group = uniq('members');
    const join = (email: string) =>
      env.db.runTransaction(async (t) => {
        const n = (await t.get(env.db.collectionGroup(group).where('email', '==', email).count())).data().count;
        await sleep(50);
        if (n > 0) return false;
        t.set(env.db.collection(`teams/${uniq('t')}/${group}`).doc(), { email });
        return true;
      });
    const joined = await Promise.all([join('b@x'), join('b@x'), join('b@x')]);
    expect(joined.filter(Boolean)).toHaveLength(1);
    expect((await env.db.collectionGroup(group).where('email', '==', 'b@x').get()).size).toBe(1);

    // a plain (non-transactional) write into the queried collection waits for the transaction
    const order: string[] = [];
    const tx = env.db.runTransaction(async (t) => {
      await t.get(users.where('email', '==', 'c@x'));
      await sleep(150);
      order.push('tx');
      t.set(users.doc('fromTx'), { email: 'c@x' });
    });
    await sleep(50);
    await users.doc('plain').set({ email: 'other' });
    order.push('plain');
    await tx;
    expect(order).toEqual(['tx', 'plain']);
  });

  it('a deadlock (opposite lock order) aborts one transaction, which retries; both apply', async () => {
    const coll = env.db.collection(uniq('dl'));
    await Promise.all([coll.doc('a').set({ n: 0 }), coll.doc('b').set({ n: 0 })]);
    let arrived = 0;
    let release!: () => void;
    const barrier = new Promise<void>((r) => (release = r));
    let attempts = 0;
    const run = (first: string, second: string) =>
      env.db.runTransaction(async (t) => {
        const attempt = ++attempts;
        const s1 = await t.get(coll.doc(first));
        if (attempt <= 2) {
          if (++arrived === 2) release();
          await barrier;
        }
        const s2 = await t.get(coll.doc(second));
        t.update(coll.doc(first), { n: s1.get('n') + 1 });
        t.update(coll.doc(second), { n: s2.get('n') + 1 });
      });
    await Promise.all([run('a', 'b'), run('b', 'a')]);
    expect(attempts).toBe(3);
    expect((await coll.doc('a').get()).get('n')).toBe(2);
    expect((await coll.doc('b').get()).get('n')).toBe(2);
  });

  it('concurrent transfers between accounts preserve the total', async () => {
    const coll = env.db.collection(uniq('bank'));
    await Promise.all(['a', 'b', 'c'].map((id) => coll.doc(id).set({ balance: 100 })));
    const pairs = [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['a', 'c'],
      ['b', 'a'],
      ['c', 'b'],
    ];
    await Promise.all(
      pairs.map(([from, to], i) =>
        env.db.runTransaction(async (t) => {
          const [f, d] = await t.getAll(coll.doc(from!), coll.doc(to!));
          t.update(f!.ref, { balance: f!.get('balance') - (i + 1) });
          t.update(d!.ref, { balance: d!.get('balance') + (i + 1) });
        }),
      ),
    );
    const balances = (await coll.get()).docs.map((d) => d.get('balance') as number);
    expect(balances.reduce((a, b) => a + b, 0)).toBe(300);
    expect(balances).toEqual([100 - 1 + 3 - 4 + 5, 100 + 1 - 2 - 5 + 6, 100 + 2 - 3 + 4 - 6]);
  });

  it('transactional queries lock the documents they return', async () => {
    const coll = env.db.collection(uniq('tq'));
    await coll.doc('only').set({ k: 1, n: 0 });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        env.db.runTransaction(async (t) => {
          const snap = await t.get(coll.where('k', '==', 1));
          const doc = snap.docs[0]!;
          t.update(doc.ref, { n: doc.get('n') + 1 });
        }),
      ),
    );
    expect((await coll.doc('only').get()).get('n')).toBe(10);
  });

  it('a non-transactional write waits until the transaction holding the lock commits', async () => {
    const ref = env.db.collection(uniq('wait')).doc('d');
    await ref.set({ n: 0 });
    const order: string[] = [];
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const tx = env.db.runTransaction(async (t) => {
      await t.get(ref);
      locked();
      await sleep(300);
      t.update(ref, { n: 1 });
      order.push('tx body done');
    });
    await isLocked;
    const write = ref.set({ n: 100 }).then(() => order.push('write'));
    await Promise.all([tx, write]);
    // The two commit answers may reach the client in either order (they leave the emulator together);
    // what proves the wait is that the write finished after the transaction's body and landed last.
    expect(order).toEqual(['tx body done', 'write']);
    expect((await ref.get()).get('n')).toBe(100);
  });

  it('rollback (callback error) releases locks immediately', async () => {
    const ref = env.db.collection(uniq('rb')).doc('d');
    await ref.set({ n: 0 });
    const err = await env.db
      .runTransaction(async (t) => {
        await t.get(ref);
        t.update(ref, { n: 1 });
        throw new Error('user abort');
      })
      .catch((e: Error) => e.message);
    expect(err).toBe('user abort');
    const t0 = Date.now();
    await ref.update({ n: FieldValue.increment(5) });
    expect(Date.now() - t0).toBeLessThan(3000); // a held lock would block for the 5 s lock timeout
    expect((await ref.get()).get('n')).toBe(5);
  });

  it('aggregation queries inside transactions lock the counted documents', async () => {
    const coll = env.db.collection(uniq('tagg'));
    await coll.doc('seed').set({ k: 1 });
    // each transaction counts the docs and adds one more named after the count: serializable → 1..8 distinct
    await Promise.all(
      Array.from({ length: 8 }, () =>
        env.db.runTransaction(async (t) => {
          const n = (await t.get(coll.where('k', '==', 1).count())).data().count;
          const counter = await t.get(coll.doc('counter'));
          t.set(coll.doc(`n${n}`), { k: 1 });
          t.set(counter.ref, { last: n });
        }),
      ),
    );
    expect((await coll.where('k', '==', 1).count().get()).data().count).toBe(9);
  });

  it('getAll with a field mask and missing documents inside a transaction', async () => {
    const coll = env.db.collection(uniq('ga'));
    await coll.doc('a').set({ x: 1, y: 2 });
    const [a, missing] = await env.db.runTransaction((t) =>
      t.getAll(coll.doc('a'), coll.doc('zz'), { fieldMask: ['x'] }),
    );
    expect(a!.data()).toEqual({ x: 1 });
    expect(missing!.exists).toBe(false);
  });
});

describe('read-only transactions and read times', () => {
  it('read-only transactions see a consistent snapshot', async () => {
    const coll = env.db.collection(uniq('ro'));
    await Promise.all([coll.doc('a').set({ v: 1 }), coll.doc('b').set({ v: 1 })]);
    const seen = await env.db.runTransaction(
      async (t) => {
        const a = await t.get(coll.doc('a'));
        await coll.doc('b').set({ v: 2 });
        await coll.doc('c').set({ v: 2 });
        const b = await t.get(coll.doc('b'));
        const q = await t.get(coll.orderBy('v'));
        return [a.get('v'), b.get('v'), q.size];
      },
      { readOnly: true },
    );
    expect(seen).toEqual([1, 1, 2]);
  });

  it('reads at a past readTime see overwritten and deleted documents', async () => {
    const coll = env.db.collection(uniq('rt'));
    await coll.doc('a').set({ v: 1 });
    const w = await coll.doc('b').set({ v: 1 });
    const past: Timestamp = w.writeTime;
    await coll.doc('a').set({ v: 2 });
    await coll.doc('b').delete();
    await coll.doc('c').set({ v: 3 });
    const [a, b, q] = await env.db.runTransaction(
      async (t) => [await t.get(coll.doc('a')), await t.get(coll.doc('b')), await t.get(coll.orderBy('v'))] as const,
      { readOnly: true, readTime: past },
    );
    expect(a.get('v')).toBe(1);
    expect(b.exists).toBe(true);
    expect(q.docs.map((d) => d.id)).toEqual(['a', 'b']);
    expect((await coll.get()).docs.map((d) => d.id)).toEqual(['a', 'c']);
  });
});

const rawSet = (e: TestEnv, path: string, n: number) =>
  e.gapic.commit({
    database: e.database,
    writes: [{ update: { name: `${e.root}/${path}`, fields: { n: { integerValue: n } } } }],
  });

describe('lock timeouts and expiry', () => {
  it('a lock wait longer than the timeout answers ABORTED', async () => {
    // an idle timeout as short as the lock's would let a stalled machine expire the transaction before the
    // competing write arrives (seen on a loaded 2-core machine: that write then answered 'ok')
    const db: Firestore = shortLock.db;
    const coll = uniq('to');
    const ref = db.collection(coll).doc('d');
    await ref.set({ n: 0 });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    let answered!: () => void;
    const rawAnswered = new Promise<void>((r) => (answered = r));
    // the transaction holds its lock until the competing write was answered: that answer can only be the timeout
    const tx = db.runTransaction(async (t) => {
      const s = await t.get(ref);
      locked();
      await rawAnswered;
      t.update(ref, { n: s.get('n') + 1 });
    });
    await isLocked;
    // the generated client does not retry ABORTED commits, so the timeout is visible
    const code = await codeOf(rawSet(shortLock, `${coll}/d`, 100));
    answered();
    expect(code).toBe(10);
    // the high-level client retries ABORTED plain commits with backoff, so its write lands after the transaction
    const write = ref.set({ n: 200 });
    await tx;
    await write;
    expect((await ref.get()).get('n')).toBe(200);
  });

  it('idle transactions expire and release their locks', async () => {
    const coll = uniq('exp');
    const ref = short.db.collection(coll).doc('d');
    await ref.set({ n: 0 });
    const [{ transaction }] = await short.gapic.beginTransaction({ database: short.database });
    const name = `${short.root}/${coll}/d`;
    for await (const _ of short.gapic.batchGetDocuments({
      database: short.database,
      documents: [name],
      transaction,
    }) as AsyncIterable<unknown>);
    expect(await codeOf(rawSet(short, `${coll}/d`, 1))).toBe(10); // still locked
    // until the sweep releases the expired transaction's lock, each raw write (no retries) waits the lock timeout
    // and answers ABORTED: the loop waits on that answer, not on the clock
    let code: Awaited<ReturnType<typeof codeOf>>;
    do code = await codeOf(rawSet(short, `${coll}/d`, 2));
    while (code === 10);
    expect(code).toBe('ok');
    const err = await short.gapic
      .commit({
        database: short.database,
        transaction,
        writes: [{ update: { name, fields: { n: { integerValue: 3 } } } }],
      })
      .catch((e: Error & { code: number }) => e);
    expect((err as { code: number }).code).toBe(3);
    expect((err as Error).message).toMatch(/transaction has expired/);
    expect((await ref.get()).get('n')).toBe(2);
  });
});
