import { FieldPath, FieldValue, type Timestamp } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, rawGet, startEnv, uniq, type TestEnv } from './test-utils.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startEnv();
});
afterAll(async () => {
  await env.close();
});

const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;
const FAILED_PRECONDITION = 9;
const INVALID_ARGUMENT = 3;

describe('set / update / delete', () => {
  it('set replaces the document; merge and mergeFields merge', async () => {
    const ref = env.db.collection(uniq('w')).doc('d');
    await ref.set({ a: 1, b: { c: 2, d: 3 } });
    await ref.set({ x: 1 });
    expect((await ref.get()).data()).toEqual({ x: 1 });
    await ref.set({ b: { c: 9 }, y: 2 }, { merge: true });
    expect((await ref.get()).data()).toEqual({ x: 1, b: { c: 9 }, y: 2 });
    await ref.set({ b: { d: 4 }, x: 100, z: 5 }, { mergeFields: ['b.d', 'z'] });
    expect((await ref.get()).data()).toEqual({ x: 1, b: { c: 9, d: 4 }, y: 2, z: 5 });
  });

  it('update uses dotted paths, FieldPath segments with dots/backquotes, and FieldValue.delete', async () => {
    const ref = env.db.collection(uniq('w')).doc('d');
    await ref.set({ m: { keep: 1, drop: 2 }, top: 1 });
    await ref.update('m.new', 3, new FieldPath('odd.key', 'x`y'), 4, 'm.drop', FieldValue.delete());
    expect((await ref.get()).data()).toEqual({ m: { keep: 1, new: 3 }, top: 1, 'odd.key': { 'x`y': 4 } });
    const snap = await ref.get();
    expect(snap.get(new FieldPath('odd.key', 'x`y'))).toBe(4);
    await ref.update({ top: FieldValue.delete() });
    expect((await ref.get()).data()).toEqual({ m: { keep: 1, new: 3 }, 'odd.key': { 'x`y': 4 } });
  });

  it('update of a missing document is NOT_FOUND; create of an existing one is ALREADY_EXISTS', async () => {
    const coll = env.db.collection(uniq('w'));
    expect(await codeOf(coll.doc('missing').update({ a: 1 }))).toBe(NOT_FOUND);
    await coll.doc('x').create({ a: 1 });
    expect(await codeOf(coll.doc('x').create({ a: 2 }))).toBe(ALREADY_EXISTS);
    expect((await coll.doc('x').get()).data()).toEqual({ a: 1 });
    expect((await coll.doc('missing').get()).exists).toBe(false);
  });

  it('delete, delete with exists precondition, and lastUpdateTime preconditions', async () => {
    const ref = env.db.collection(uniq('w')).doc('d');
    const w1 = await ref.set({ v: 1 });
    expect(await codeOf(ref.update({ v: 2 }, { lastUpdateTime: w1.writeTime }))).toBe('ok');
    expect(await codeOf(ref.update({ v: 3 }, { lastUpdateTime: w1.writeTime }))).toBe(FAILED_PRECONDITION);
    expect((await ref.get()).get('v')).toBe(2);
    expect(await codeOf(ref.delete({ lastUpdateTime: w1.writeTime }))).toBe(FAILED_PRECONDITION);
    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
    expect(await codeOf(ref.delete({ exists: true }))).toBe(NOT_FOUND);
    expect(await codeOf(ref.delete())).toBe('ok'); // deleting a missing doc is fine
  });

  it('keeps createTime, advances updateTime, and a no-op write keeps the previous updateTime', async () => {
    const ref = env.db.collection(uniq('w')).doc('d');
    await ref.set({ v: 1 });
    const s1 = await ref.get();
    await ref.set({ v: 2 });
    const s2 = await ref.get();
    expect(s2.createTime!.isEqual(s1.createTime!)).toBe(true);
    expect(s2.updateTime!.toMillis() >= s1.updateTime!.toMillis()).toBe(true);
    expect(s2.updateTime!.isEqual(s1.updateTime!)).toBe(false);
    const w = await ref.set({ v: 2 });
    expect(w.writeTime.isEqual(s2.updateTime!)).toBe(true);
    // the same document with keys (also nested) in another order is a no-op too
    const w3 = await ref.set({ b: 1, a: 2, m: { y: [1, { q: 1, p: 2 }], x: NaN } });
    const w4 = await ref.set({ m: { x: NaN, y: [1, { p: 2, q: 1 }] }, a: 2, b: 1 });
    expect(w4.writeTime.isEqual(w3.writeTime)).toBe(true);
    // int → double with the same numeric value is a real change
    const w5 = await ref.set({ m: { x: NaN, y: [1.5, { p: 2, q: 1 }] }, a: 2, b: 1 });
    expect(w5.writeTime.isEqual(w4.writeTime)).toBe(false);
    const w6 = await ref.set({ m: { x: NaN, y: [1.5, { p: 2, q: 1 }] }, a: 2.0000001, b: 1 });
    expect(w6.writeTime.isEqual(w5.writeTime)).toBe(false);
  });
});

describe('transforms', () => {
  it('serverTimestamp is the commit time; increment keeps ints integral and mixes to double', async () => {
    const coll = uniq('t');
    const ref = env.db.collection(coll).doc('d');
    const w = await ref.set({ at: FieldValue.serverTimestamp(), i: 5, d: 1.5, s: 'x' });
    const snap = await ref.get();
    expect((snap.get('at') as Timestamp).isEqual(w.writeTime)).toBe(true);
    await ref.update({
      i: FieldValue.increment(2),
      d: FieldValue.increment(1),
      s: FieldValue.increment(3),
      'n.new': FieldValue.increment(0.5),
    });
    let raw = await rawGet(env, `${coll}/d`);
    expect(raw!.i).toMatchObject({ integerValue: '7' });
    expect(raw!.d).toMatchObject({ doubleValue: 2.5 });
    expect(raw!.s).toMatchObject({ integerValue: '3' }); // non-numeric field is replaced by the operand
    expect(raw!.n.mapValue.fields.new).toMatchObject({ doubleValue: 0.5 });
    await ref.update({ i: FieldValue.increment(0.5) });
    raw = await rawGet(env, `${coll}/d`);
    expect(raw!.i).toMatchObject({ doubleValue: 7.5 });
  });

  it('arrayUnion and arrayRemove use Firestore equality', async () => {
    const ref = env.db.collection(uniq('t')).doc('d');
    await ref.set({ a: [1, 2, { k: 'v' }], notArr: 3 });
    await ref.update({ a: FieldValue.arrayUnion(2, 3, { k: 'v' }, { k: 'w' }), notArr: FieldValue.arrayUnion(1) });
    expect((await ref.get()).data()).toEqual({ a: [1, 2, { k: 'v' }, 3, { k: 'w' }], notArr: [1] });
    await ref.update({ a: FieldValue.arrayRemove(1, { k: 'v' }, 99) });
    expect((await ref.get()).get('a')).toEqual([2, 3, { k: 'w' }]);
  });

  it('returns transformResults and supports maximum/minimum (raw commit)', async () => {
    const coll = uniq('t');
    const name = `${env.root}/${coll}/d`;
    await env.db.doc(`${coll}/d`).set({ hi: 5, lo: 5, n: 1 });
    const [res] = await env.gapic.commit({
      database: env.database,
      writes: [
        {
          update: { name, fields: {} },
          updateMask: { fieldPaths: [] },
          updateTransforms: [
            { fieldPath: 'hi', maximum: { integerValue: 9 } },
            { fieldPath: 'lo', minimum: { doubleValue: 2.5 } },
            { fieldPath: 'n', increment: { integerValue: 41 } },
            { fieldPath: 'ts', setToServerValue: 'REQUEST_TIME' },
            { fieldPath: 'arr', appendMissingElements: { values: [{ stringValue: 'a' }] } },
          ],
          currentDocument: { exists: true },
        },
      ],
    });
    const tr = res.writeResults![0]!.transformResults!;
    expect(tr[0]).toMatchObject({ integerValue: '9' });
    expect(tr[1]).toMatchObject({ doubleValue: 2.5 });
    expect(tr[2]).toMatchObject({ integerValue: '42' });
    expect(tr[3]!.timestampValue).toEqual(res.commitTime);
    expect(tr[4]).toMatchObject({ nullValue: 'NULL_VALUE' });
    expect((await env.db.doc(`${coll}/d`).get()).data()).toMatchObject({ hi: 9, lo: 2.5, n: 42, arr: ['a'] });
  });
});

describe('atomicity and limits', () => {
  it('a batch with one failing precondition writes nothing', async () => {
    const coll = env.db.collection(uniq('b'));
    await coll.doc('existing').set({ v: 1 });
    const batch = env.db.batch();
    batch.set(coll.doc('new1'), { v: 1 });
    batch.update(coll.doc('existing'), { v: 2 });
    batch.delete(coll.doc('existing2'));
    batch.update(coll.doc('missing'), { v: 3 });
    expect(await codeOf(batch.commit())).toBe(NOT_FOUND);
    expect((await coll.doc('new1').get()).exists).toBe(false);
    expect((await coll.doc('existing').get()).get('v')).toBe(1);
    const batch2 = env.db.batch();
    batch2.set(coll.doc('new1'), { v: 1 });
    batch2.create(coll.doc('existing'), { v: 9 });
    expect(await codeOf(batch2.commit())).toBe(ALREADY_EXISTS);
    expect((await coll.get()).size).toBe(1);
  });

  it('later writes in one commit see earlier ones (set then transform)', async () => {
    const ref = env.db.collection(uniq('b')).doc('d');
    const batch = env.db.batch();
    batch.set(ref, { n: 1 });
    batch.update(ref, { n: FieldValue.increment(1) });
    await batch.commit();
    expect((await ref.get()).get('n')).toBe(2);
  });

  it('rejects documents over 1 MiB with INVALID_ARGUMENT and accepts exactly 1 MiB', async () => {
    const coll = uniq('big'); // name size = len(coll)+1 + len('d')+1 + 16; field 's' = 2 + len+1; + 32
    const overhead = coll.length + 1 + 2 + 16 + 2 + 1 + 32;
    const ok = env.db.collection(coll).doc('d');
    expect(await codeOf(ok.set({ s: 'x'.repeat(1_048_576 - overhead) }))).toBe('ok');
    const err = await ok.set({ s: 'x'.repeat(1_048_576 - overhead + 1) }).catch((e) => e);
    expect(err.code).toBe(INVALID_ARGUMENT);
    expect(err.message).toMatch(/exceeds the maximum allowed size of 1,048,576 bytes/);
  });

  it('rejects reserved and malformed field paths with INVALID_ARGUMENT', async () => {
    const coll = uniq('bad');
    const ref = env.db.collection(coll).doc('d');
    expect(await codeOf(ref.set({ __reserved__: 1 }))).toBe(INVALID_ARGUMENT);
    expect(await codeOf(ref.set({ ok: { __inner__: 1 } }))).toBe(INVALID_ARGUMENT);
    const raw = (paths: string[]) =>
      env.gapic.commit({
        database: env.database,
        writes: [
          {
            update: { name: `${env.root}/${coll}/d`, fields: { a: { integerValue: 1 } } },
            updateMask: { fieldPaths: paths },
          },
        ],
      });
    expect(await codeOf(raw(['a..b']))).toBe(INVALID_ARGUMENT);
    expect(await codeOf(raw(['a.']))).toBe(INVALID_ARGUMENT);
    expect(await codeOf(raw(['`unterminated']))).toBe(INVALID_ARGUMENT);
    expect(await codeOf(raw(['a']))).toBe('ok');
    expect((await ref.get()).data()).toEqual({ a: 1 });
  });

  it('rejects an array directly inside an array (also in maps and arrayUnion) with INVALID_ARGUMENT', async () => {
    const c = env.db.collection(uniq('na'));
    expect(await codeOf(c.doc('a').set({ a: [[1, 2], 3] }))).toBe(INVALID_ARGUMENT);
    expect(await codeOf(c.doc('b').set({ m: { deep: [1, [2]] } }))).toBe(INVALID_ARGUMENT);
    // the client refuses arrayUnion([..]) itself; send it raw
    const raw = env.gapic.commit({
      database: env.database,
      writes: [
        {
          update: { name: `${env.root}/${c.id}/c`, fields: {} },
          updateTransforms: [
            { fieldPath: 'l', appendMissingElements: { values: [{ arrayValue: { values: [{ integerValue: 1 }] } }] } },
          ],
        },
      ],
    });
    expect(await codeOf(raw)).toBe(INVALID_ARGUMENT);
    expect((await c.get()).size).toBe(0);
    const e = await c
      .doc('a')
      .set({ a: [[1]] })
      .catch((x: Error) => x);
    expect(String(e)).toContain('Cannot convert an array value in an array value');
    // arrays of maps holding arrays are fine
    expect(await codeOf(c.doc('d').set({ a: [{ b: [1, 2] }, 3] }))).toBe('ok');
  });

  it('rejects field names / paths over 1,500 bytes with INVALID_ARGUMENT', async () => {
    const c = env.db.collection(uniq('fl'));
    expect(await codeOf(c.doc('ok').set({ ['x'.repeat(1500)]: 1 }))).toBe('ok');
    expect(await codeOf(c.doc('a').set({ ['x'.repeat(1501)]: 1 }))).toBe(INVALID_ARGUMENT);
    expect(await codeOf(c.doc('b').set({ ['ü'.repeat(751)]: 1 }))).toBe(INVALID_ARGUMENT); // 1,502 bytes
    expect(await codeOf(c.doc('c').set({ m: { ['y'.repeat(1500)]: 1 } }))).toBe(INVALID_ARGUMENT);
    expect(await codeOf(c.doc('ok').update(new FieldPath('z'.repeat(1501)), 1))).toBe(INVALID_ARGUMENT);
    expect((await c.get()).docs.map((d) => d.id)).toEqual(['ok']);
  });

  it('rejects more than 500 writes per commit', async () => {
    const coll = env.db.collection(uniq('many'));
    const batch = env.db.batch();
    for (let i = 0; i < 501; i++) batch.set(coll.doc(`d${i}`), { i });
    expect(await codeOf(batch.commit())).toBe(INVALID_ARGUMENT);
    expect((await coll.count().get()).data().count).toBe(0);
  });

  it('BulkWriter (BatchWrite) applies writes independently with per-write status', async () => {
    const coll = env.db.collection(uniq('bulk'));
    await coll.doc('taken').set({ v: 0 });
    const bw = env.db.bulkWriter();
    bw.onWriteError(() => false);
    const pending = Promise.allSettled([
      bw.create(coll.doc('a'), { v: 1 }),
      bw.create(coll.doc('taken'), { v: 1 }),
      bw.update(coll.doc('nope'), { v: 1 }),
      bw.set(coll.doc('b'), { v: 2 }),
    ]);
    await bw.close();
    const results = await pending;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(((results[1] as PromiseRejectedResult).reason as { code: number }).code).toBe(ALREADY_EXISTS);
    expect(((results[2] as PromiseRejectedResult).reason as { code: number }).code).toBe(NOT_FOUND);
    expect((await coll.get()).docs.map((d) => d.id).sort()).toEqual(['a', 'b', 'taken']);
  });
});
