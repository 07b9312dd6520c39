import { FieldPath, FieldValue, Firestore, type QuerySnapshot } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

// Document-level behaviours that Google's nodejs-firestore system tests (emulator mode, see emulators/README.md
// "Google's client suite") check and that the other suites here did not pin: merge/update/delete sequences, odd
// field names, BigInts, listing beyond one page, listeners in numbers and in production's string order.

let env: TestEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env.close();
});

describe('writes in sequence', () => {
  it('adds and deletes fields through create, set, merge and update like production', async () => {
    const ref = env.db.collection(uniq('seq')).doc('doc');
    const steps: [() => Promise<unknown>, object | null][] = [
      [() => ref.create({}), {}],
      [() => ref.delete(), null],
      [() => ref.create({ a: { b: 'c' } }), { a: { b: 'c' } }],
      [() => ref.set({}, { merge: true }), { a: { b: 'c' } }],
      [() => ref.set({}), {}],
      [() => ref.set({ a: { b: 'c' } }), { a: { b: 'c' } }],
      [() => ref.set({ a: { d: 'e' } }, { merge: true }), { a: { b: 'c', d: 'e' } }],
      [() => ref.set({ a: { d: FieldValue.delete() } }, { merge: true }), { a: { b: 'c' } }],
      [() => ref.set({ a: { b: FieldValue.delete() } }, { merge: true }), { a: {} }],
      [() => ref.set({ a: { e: 'foo' } }, { merge: true }), { a: { e: 'foo' } }],
      [() => ref.set({ f: 'foo' }, { merge: true }), { a: { e: 'foo' }, f: 'foo' }],
      [() => ref.set({ f: { g: 'foo' } }, { merge: true }), { a: { e: 'foo' }, f: { g: 'foo' } }],
      [() => ref.update({ 'f.h': 'foo' }), { a: { e: 'foo' }, f: { g: 'foo', h: 'foo' } }],
      [() => ref.update({ 'f.g': FieldValue.delete() }), { a: { e: 'foo' }, f: { h: 'foo' } }],
      [() => ref.update({ 'f.h': FieldValue.delete() }), { a: { e: 'foo' }, f: {} }],
      [() => ref.update({ f: FieldValue.delete() }), { a: { e: 'foo' } }],
      [() => ref.update({ 'i.j': {} }), { a: { e: 'foo' }, i: { j: {} } }],
      [() => ref.update({ 'i.j': { k: 'foo' } }), { a: { e: 'foo' }, i: { j: { k: 'foo' } } }],
      [() => ref.update({ 'i.j': { l: {} } }), { a: { e: 'foo' }, i: { j: { l: {} } } }],
      [() => ref.update({ i: FieldValue.delete() }), { a: { e: 'foo' } }],
      [() => ref.update({ a: FieldValue.delete() }), {}],
    ];
    for (const [action, expected] of steps) {
      await action();
      const snap = await ref.get();
      expect(snap.exists ? snap.data() : null).toEqual(expected);
    }
  });

  it('server timestamps in nested fields survive merges and deletes', async () => {
    const ref = env.db.collection(uniq('ts')).doc('doc');
    await ref.create({ time: FieldValue.serverTimestamp(), a: { b: FieldValue.serverTimestamp() } });
    const first = (await ref.get()).data()!;
    expect(first.a.b.isEqual(first.time)).toBe(true);
    await ref.set({ a: { c: FieldValue.serverTimestamp() } }, { merge: true });
    const second = (await ref.get()).data()!;
    expect(Object.keys(second.a).sort()).toEqual(['b', 'c']);
    expect(second.a.c.toMillis()).toBeGreaterThanOrEqual(first.time.toMillis());
    await ref.update({ 'a.d': FieldValue.serverTimestamp(), 'a.b': FieldValue.delete() });
    expect(Object.keys((await ref.get()).data()!.a).sort()).toEqual(['c', 'd']);
  });

  it('a batch answers one write result per write, transforms included; updating a missing document fails', async () => {
    const c = env.db.collection(uniq('wr'));
    const results = await env.db
      .batch()
      .set(c.doc(), { foo: 'a' })
      .set(c.doc(), { foo: FieldValue.serverTimestamp() })
      .commit();
    expect(results).toHaveLength(2);
    await expect(env.db.batch().update(c.doc(), { foo: 'b' }).commit()).rejects.toThrow(/No document to update/);
  });
});

describe('values and field names', () => {
  it('field names made of dots, backslashes and backticks; NaN', async () => {
    const ref = env.db.collection(uniq('names')).doc('doc');
    await ref.set({ '!.\\`': { '!.\\`': 'value' }, n: NaN });
    expect((await ref.get()).data()).toEqual({ '!.\\`': { '!.\\`': 'value' }, n: NaN });
    await ref.update(new FieldPath('!.\\`', '!.\\`'), 'new-value');
    expect((await ref.get()).get(new FieldPath('!.\\`', '!.\\`'))).toBe('new-value');
    expect((await ref.parent.where('n', '==', NaN).get()).size).toBe(1);
    expect((await ref.parent.where('n', '==', null).get()).size).toBe(0);
  });

  it('int64 values beyond 2^53 round-trip as BigInt with useBigInt', async () => {
    const db = new Firestore({
      projectId: 'demo-test',
      host: '127.0.0.1',
      port: env.emu.port,
      ssl: false,
      useBigInt: true,
      customHeaders: { Authorization: 'Bearer owner' },
    });
    try {
      const ref = db.collection(uniq('big')).doc('doc');
      const big = BigInt(Number.MAX_SAFE_INTEGER) + 1n;
      await ref.set({ big, max: 2n ** 63n - 1n });
      await ref.set((await ref.get()).data()!);
      expect((await ref.get()).data()).toEqual({ big, max: 2n ** 63n - 1n });
    } finally {
      await db.terminate();
    }
  });
});

describe('listing', () => {
  it('listDocuments returns all of 400 documents and missing parents; listCollections all of 400 ids', async () => {
    const c = env.db.collection(uniq('list'));
    const ids = Array.from({ length: 400 }, (_, i) => String(i).padStart(3, '0'));
    const docs = env.db.batch();
    const subs = env.db.batch(); // at most 500 writes per commit
    for (const id of ids) docs.set(c.doc(id), { id });
    for (const id of ids) subs.set(c.doc(`zz/${id}/doc`), {});
    await Promise.all([docs.commit(), subs.commit()]);
    const refs = await c.listDocuments();
    expect(refs.map((r) => r.id).sort()).toEqual([...ids, 'zz']);
    const missing = (await env.db.getAll(...refs)).filter((s) => !s.exists).map((s) => s.id);
    expect(missing).toEqual(['zz']);
    expect((await c.doc('zz').listCollections()).map((r) => r.id)).toEqual(ids);
  });
});

describe('listeners', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('150 concurrent query listeners on one client all see their empty result, then the new document', async () => {
    const c = env.db.collection(uniq('many'));
    const empty = Array.from({ length: 150 }, deferred);
    const filled = Array.from({ length: 150 }, deferred);
    const stops = empty.map((_, i) =>
      c.where('i', '>', i).onSnapshot((s) => (s.size === 0 ? empty[i]! : filled[i]!).resolve()),
    );
    try {
      await Promise.all(empty.map((d) => d.promise));
      await c.doc('doc').set({ i: 1337 });
      await Promise.all(filled.map((d) => d.promise));
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('listeners order strings, map keys and document ids like the server (UTF-8 bytes), limitToLast too', async () => {
    const words = ['Łukasiewicz', 'Sierpiński', '岩澤', '🄟', 'Ｐ', '︒', '🐵', '你好', '你顥', '😁', '😀'];
    const expected = ['Sierpiński', 'Łukasiewicz', '你好', '你顥', '岩澤', '︒', 'Ｐ', '🄟', '🐵', '😀', '😁'];
    const c = env.db.collection(uniq('order'));
    await Promise.all(words.map((w) => c.doc(w).set({ s: w, m: { [w]: true }, a: [w] })));
    const listened = (q: FirebaseFirestore.Query) =>
      new Promise<string[]>((resolve, reject) => {
        const stop = q.onSnapshot((s: QuerySnapshot) => {
          stop();
          resolve(s.docs.map((d) => d.id));
        }, reject);
      });
    for (const q of [c.orderBy('s'), c.orderBy('m'), c.orderBy('a'), c.orderBy(FieldPath.documentId())]) {
      expect((await q.get()).docs.map((d) => d.id)).toEqual(expected);
      expect(await listened(q)).toEqual(expected);
    }
    expect(await listened(c.orderBy('s').limitToLast(3))).toEqual(expected.slice(-3));
  });
});
