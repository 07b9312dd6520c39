import type { DocumentReference, DocumentSnapshot, Query, QuerySnapshot } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startEnv();
});
const stops: (() => void)[] = [];
afterAll(async () => {
  for (const stop of stops) stop(); // a failed test must not leave listeners that block terminate()
  await env.close();
});

/** Subscribes and lets a test await the first snapshot satisfying a predicate. */
function watch<S extends QuerySnapshot | DocumentSnapshot>(target: Query | DocumentReference) {
  const snaps: S[] = [];
  let from = 0; // snapshots before this index were consumed by an earlier until()
  const waiters: { pred: (s: S) => boolean; resolve: (s: S) => void }[] = [];
  let error: Error | undefined;
  const onNext = (s: S) => {
    snaps.push(s);
    for (const w of [...waiters])
      if (w.pred(s)) {
        waiters.splice(waiters.indexOf(w), 1);
        from = snaps.length;
        w.resolve(s);
      }
  };
  const onError = (e: Error) => (error = e);
  const stop = (target as Query).onSnapshot(onNext as never, onError);
  stops.push(stop);
  return {
    snaps,
    get error() {
      return error;
    },
    until(pred: (s: S) => boolean, ms = 5000): Promise<S> {
      const i = snaps.findIndex((s, idx) => idx >= from && pred(s));
      if (i >= 0) {
        from = i + 1;
        return Promise.resolve(snaps[i]!);
      }
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no matching snapshot after ${snaps.length} snapshots`)), ms);
        waiters.push({ pred, resolve: (s) => (clearTimeout(t), resolve(s)) });
      });
    },
    stop,
  };
}

const idsOf = (s: QuerySnapshot) => s.docs.map((d) => d.id);

describe('Listen (realtime)', () => {
  it('query listeners get the initial result, then added, modified and removed documents', async () => {
    const coll = env.db.collection(uniq('live'));
    await coll.doc('a').set({ open: true, n: 1 });
    await coll.doc('x').set({ open: false, n: 0 });
    const w = watch<QuerySnapshot>(coll.where('open', '==', true));
    expect(idsOf(await w.until(() => true))).toEqual(['a']);
    await coll.doc('b').set({ open: true, n: 2 });
    const added = await w.until((s) => s.size === 2);
    expect(added.docChanges().map((c) => [c.type, c.doc.id])).toEqual([['added', 'b']]);
    await coll.doc('a').update({ n: 10 });
    const modified = await w.until((s) => s.docs.find((d) => d.id === 'a')?.get('n') === 10);
    expect(modified.docChanges().map((c) => [c.type, c.doc.id])).toEqual([['modified', 'a']]);
    await coll.doc('a').update({ open: false });
    expect(idsOf(await w.until((s) => s.size === 1))).toEqual(['b']);
    await coll.doc('b').delete();
    await w.until((s) => s.size === 0);
    w.stop();
    expect(w.error).toBeUndefined();
  });

  it('document listeners see missing → created → deleted', async () => {
    const ref = env.db.collection(uniq('livedoc')).doc('d');
    const w = watch<DocumentSnapshot>(ref);
    expect((await w.until(() => true)).exists).toBe(false);
    await ref.set({ v: 1 });
    expect((await w.until((s) => s.exists)).get('v')).toBe(1);
    await ref.delete();
    await w.until((s) => !s.exists);
    w.stop();
  });

  it('ordered, limited listeners follow the top of the result', async () => {
    const coll = env.db.collection(uniq('livetop'));
    await Promise.all([
      coll.doc('a').set({ score: 1 }),
      coll.doc('b').set({ score: 2 }),
      coll.doc('c').set({ score: 3 }),
    ]);
    const w = watch<QuerySnapshot>(coll.orderBy('score', 'desc').limit(2));
    expect(idsOf(await w.until(() => true))).toEqual(['c', 'b']);
    await coll.doc('d').set({ score: 5 });
    expect(idsOf(await w.until((s) => s.docs[0]?.id === 'd'))).toEqual(['d', 'c']);
    await coll.doc('c').delete();
    expect(idsOf(await w.until((s) => !s.docs.some((d) => d.id === 'c')))).toEqual(['d', 'b']);
    w.stop();
  });

  it('reset and batches are delivered as consistent snapshots', async () => {
    const db = env.client('demo-live-reset');
    const coll = db.collection('items');
    await coll.doc('a').set({ v: 1 });
    const w = watch<QuerySnapshot>(coll);
    await w.until((s) => s.size === 1);
    const batch = db.batch();
    for (let i = 0; i < 5; i++) batch.set(coll.doc(`b${i}`), { v: i });
    await batch.commit();
    const after = await w.until((s) => s.size === 6);
    expect(after.docChanges()).toHaveLength(5); // one snapshot for the whole batch
    await fetch(`http://127.0.0.1:${env.emu.port}/emulator/v1/projects/demo-live-reset/databases/(default)/documents`, {
      method: 'DELETE',
    });
    await w.until((s) => s.size === 0);
    w.stop();
  });

  it('an invalid listen target is removed with its error, surfaced to the error callback', async () => {
    const w = watch<QuerySnapshot>(env.db.collection(uniq('livebad')).where('n', 'in', []));
    const deadline = Date.now() + 5000;
    while (!w.error && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(w.error?.message).toMatch(/non-empty array/);
    expect(w.snaps).toHaveLength(0);
  });
});
