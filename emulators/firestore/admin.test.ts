import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startEnv, uniq, type TestEnv } from './test-utils.js';

let env: TestEnv;
let base: string;
beforeAll(async () => {
  env = await startEnv();
  base = `http://127.0.0.1:${env.emu.port}`;
});
afterAll(async () => {
  await env.close();
});

describe('listing', () => {
  it('listDocuments includes missing parents of subcollections', async () => {
    const coll = uniq('ld');
    const c = env.db.collection(coll);
    await Promise.all([c.doc('b').set({ x: 1 }), c.doc('a').set({ x: 2 }), c.doc('ghost/sub/x').set({ y: 1 })]);
    const refs = await c.listDocuments();
    expect(refs.map((r) => r.id)).toEqual(['a', 'b', 'ghost']);
    expect((await c.doc('ghost').get()).exists).toBe(false);
    expect((await c.get()).docs.map((d) => d.id)).toEqual(['a', 'b']);
  });

  it('ListDocuments pages with page tokens and applies masks', async () => {
    const coll = uniq('ldp');
    await Promise.all(
      ['d1', 'd2', 'd3', 'd4', 'd5'].map((id, i) => env.db.collection(coll).doc(id).set({ i, keep: 'k' })),
    );
    const seen: string[] = [];
    let pageToken = '';
    let pages = 0;
    do {
      const [docs, , res] = await env.gapic.listDocuments(
        { parent: env.root, collectionId: coll, pageSize: 2, pageToken, mask: { fieldPaths: ['keep'] } },
        { autoPaginate: false },
      );
      pages++;
      for (const d of docs) {
        seen.push(d.name!.split('/').pop()!);
        expect(Object.keys(d.fields ?? {})).toEqual(['keep']);
      }
      pageToken = res?.nextPageToken ?? '';
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
  });

  it('listCollections at the top level and under documents (also missing ones)', async () => {
    const db = env.client('demo-listcols');
    await Promise.all([
      db.doc('users/u1').set({}),
      db.doc('orders/o1/items/i1').set({}),
      db.doc('orders/o1/notes/n1').set({}),
      db.doc('orders/o2/items/i1/deep/d').set({}),
      db.doc('ghost/g/sub/s').set({}),
    ]);
    expect((await db.listCollections()).map((c) => c.id)).toEqual(['ghost', 'orders', 'users']);
    expect((await db.doc('orders/o1').listCollections()).map((c) => c.id)).toEqual(['items', 'notes']);
    expect((await db.doc('orders/o2').listCollections()).map((c) => c.id)).toEqual(['items']);
    expect((await db.doc('ghost/g').listCollections()).map((c) => c.id)).toEqual(['sub']);
    expect(await db.doc('users/u1').listCollections()).toEqual([]);
  });

  it('__id<n>__ ids sort numerically before string ids, so recursiveDelete removes every document', async () => {
    const c = env.db.collection(uniq('rd'));
    const ids = ['Alice', '0042', 'bob', 'Zed', 'zed', '_x']; // `__id<n>__` ids: see writes.test.ts
    for (const id of ids) await Promise.all([c.doc(id).set({ a: 1 }), c.doc(id).collection('sub').doc('s').set({})]);
    const { FieldPath } = await import('@google-cloud/firestore');
    // the client's own lower bound (`__name__ >= <coll>/__id-9223372036854775808__`) must include everything
    const all = await c.where(FieldPath.documentId(), '>=', c.doc('__id-9223372036854775808__')).get();
    expect(all.docs.map((d) => d.id)).toEqual(['0042', 'Alice', 'Zed', '_x', 'bob', 'zed']);
    const below = await c.where(FieldPath.documentId(), '<', c.doc('__id9223372036854775807__')).get();
    expect(below.size).toBe(0);
    await env.db.recursiveDelete(c);
    expect((await c.get()).size).toBe(0);
    expect((await c.listDocuments()).length).toBe(0);
  });
});

describe('raw listing and transaction protocol details', () => {
  it('ListCollectionIds pages', async () => {
    const db = env.client('demo-colpages');
    await Promise.all(['c1', 'c2', 'c3'].map((c) => db.doc(`${c}/d`).set({})));
    const database = 'projects/demo-colpages/databases/(default)';
    const [first, , res] = await env.gapic.listCollectionIds(
      { parent: `${database}/documents`, pageSize: 2 },
      { autoPaginate: false },
    );
    expect(first).toEqual(['c1', 'c2']);
    const [second, , res2] = await env.gapic.listCollectionIds(
      { parent: `${database}/documents`, pageSize: 2, pageToken: res!.nextPageToken! },
      { autoPaginate: false },
    );
    expect(second).toEqual(['c3']);
    expect(res2?.nextPageToken ?? '').toBe('');
  });

  it('BatchGetDocuments with newTransaction returns the transaction id in the first response', async () => {
    const coll = uniq('bg');
    await env.db.doc(`${coll}/a`).set({ v: 1 });
    const responses: any[] = [];
    const stream = env.gapic.batchGetDocuments({
      database: env.database,
      documents: [`${env.root}/${coll}/a`, `${env.root}/${coll}/missing`],
      newTransaction: { readWrite: {} },
    });
    for await (const r of stream as AsyncIterable<any>) responses.push(r);
    expect(responses).toHaveLength(2);
    expect(responses[0].transaction?.length).toBeGreaterThan(0);
    expect(responses[0].found.fields.v).toMatchObject({ integerValue: '1' });
    expect(responses[1].missing).toBe(`${env.root}/${coll}/missing`);
    // commit through that transaction
    const [res] = await env.gapic.commit({
      database: env.database,
      transaction: responses[0].transaction,
      writes: [{ update: { name: `${env.root}/${coll}/a`, fields: { v: { integerValue: 2 } } } }],
    });
    expect(res.writeResults).toHaveLength(1);
    expect((await env.db.doc(`${coll}/a`).get()).get('v')).toBe(2);
  });
});

describe('single-document RPCs (generated client)', () => {
  it('CreateDocument, GetDocument, UpdateDocument and DeleteDocument', async () => {
    const coll = uniq('single');
    const parent = env.root;
    const [auto] = await env.gapic.createDocument({
      parent,
      collectionId: coll,
      document: { fields: { a: { integerValue: 1 } } },
    });
    expect(auto.name).toMatch(new RegExp(`/${coll}/[A-Za-z0-9]{20}$`));
    const [created] = await env.gapic.createDocument({
      parent,
      collectionId: coll,
      documentId: 'd',
      document: { fields: { a: { integerValue: 1 }, b: { stringValue: 'x' } } },
    });
    expect(created.fields!.b).toMatchObject({ stringValue: 'x' });
    expect(
      await codeOf(env.gapic.createDocument({ parent, collectionId: coll, documentId: 'd', document: { fields: {} } })),
    ).toBe(6);
    const name = `${parent}/${coll}/d`;
    const [updated] = await env.gapic.updateDocument({
      document: { name, fields: { b: { stringValue: 'y' } } },
      updateMask: { fieldPaths: ['b'] },
      mask: { fieldPaths: ['b'] },
    });
    expect(updated.fields).toEqual({ b: expect.objectContaining({ stringValue: 'y' }) });
    const [got] = await env.gapic.getDocument({ name });
    expect(Object.keys(got.fields!).sort()).toEqual(['a', 'b']);
    await env.gapic.deleteDocument({ name, currentDocument: { exists: true } });
    expect(await codeOf(env.gapic.getDocument({ name }))).toBe(5);
    expect(await codeOf(env.gapic.deleteDocument({ name, currentDocument: { exists: true } }))).toBe(5);
  });
});

describe('HTTP endpoints on the gRPC port', () => {
  it('DELETE reset clears one project only', async () => {
    const a = env.client('demo-reset-a');
    const b = env.client('demo-reset-b');
    await Promise.all([a.doc('c/1').set({ v: 1 }), a.doc('c/1/s/2').set({ v: 2 }), b.doc('c/1').set({ v: 3 })]);
    const res = await fetch(`${base}/emulator/v1/projects/demo-reset-a/databases/(default)/documents`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect((await a.doc('c/1').get()).exists).toBe(false);
    expect((await a.doc('c/1/s/2').get()).exists).toBe(false);
    expect(await a.listCollections()).toEqual([]);
    expect((await b.doc('c/1').get()).get('v')).toBe(3);
    await a.doc('c/1').set({ v: 4 }); // usable after reset
    expect((await a.doc('c/1').get()).get('v')).toBe(4);
  });

  it('answers a health check and 404 for unknown paths', async () => {
    const ok = await fetch(`${base}/`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('Ok');
    expect((await fetch(`${base}/nope`)).status).toBe(404);
    const stats = (await (await fetch(`${base}/emulator/v1/stats`)).json()) as { documents: number; rss: number };
    expect(stats.documents).toBeGreaterThan(0);
    expect(stats.rss).toBeGreaterThan(0);
  });

  it('projects are isolated by name', async () => {
    const a = env.client('demo-iso-a');
    const b = env.client('demo-iso-b');
    await a.doc('same/doc').set({ who: 'a' });
    expect((await b.doc('same/doc').get()).exists).toBe(false);
    expect((await b.collection('same').count().get()).data().count).toBe(0);
  });
});
