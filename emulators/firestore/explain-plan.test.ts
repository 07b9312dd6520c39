import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FieldValue } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEnv, uniq, type TestEnv } from './test-utils.js';

// Where a query runs without its index (no index file, --index-mode off or warn), explain names the index production
// would use, like production's plan: Google's client suite ("can plan a vector query", "can profile a vector query")
// expects `indexesUsed` to name the vector index, and runs against an emulator without an index file.
let off: TestEnv;
let warn: TestEnv;
let dir: string;

type Explained = {
  snapshot: { docs: { id: string }[] } | null;
  metrics: { planSummary: { indexesUsed: object[] }; executionStats: { resultsReturned: number } | null };
};
// VectorQuery.explain exists in the client but is missing from its type declarations
const explain = (q: object, analyze: boolean) => (q as { explain(o: object): Promise<Explained> }).explain({ analyze });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-explain-'));
  const file = path.join(dir, 'firestore.indexes.json');
  fs.writeFileSync(file, JSON.stringify({ indexes: [], fieldOverrides: [] }));
  [off, warn] = await Promise.all([startEnv(), startEnv({ indexFile: file, indexMode: 'warn' })]);
});
afterAll(async () => {
  await Promise.all([off.close(), warn.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The documents of the client suite's vector tests, tagged with a test id as its IndexTestHelper does. */
async function vectorDocs(env: TestEnv) {
  const c = env.db.collection(uniq('vectors'));
  const testId = uniq('test');
  const docs = [
    { foo: 'bar' },
    { foo: 'xxx', embedding: FieldValue.vector([10, 10]) },
    { foo: 'bar', embedding: FieldValue.vector([1, 1]) },
    { foo: 'bar', embedding: FieldValue.vector([10, 0]) },
    { foo: 'bar', embedding: FieldValue.vector([20, 0]) },
    { foo: 'bar', embedding: FieldValue.vector([100, 100]) },
  ];
  await Promise.all(docs.map((d, i) => c.doc(`d${i}`).set({ ...d, testId })));
  return c
    .where('testId', '==', testId)
    .findNearest({ vectorField: 'embedding', queryVector: [1, 3], limit: 10, distanceMeasure: 'COSINE' });
}

describe('explain without the index in the file', () => {
  const vectorIndex = [{ query_scope: 'Collection', properties: '(testId ASC, embedding VECTOR<2>)' }];

  it('can plan a vector query: the plan names the vector index, nothing is read', async () => {
    const planned = await explain(await vectorDocs(off), false);
    expect(planned.metrics.planSummary.indexesUsed).toEqual(vectorIndex);
    expect(planned.metrics.executionStats).toBeNull();
    expect(planned.snapshot).toBeNull();
  });

  it('can profile a vector query: the plan names the vector index beside the results', async () => {
    const profiled = await explain(await vectorDocs(off), true);
    expect(profiled.metrics.planSummary.indexesUsed).toEqual(vectorIndex);
    expect(profiled.metrics.executionStats!.resultsReturned).toBe(5);
    expect(profiled.snapshot!.docs).toHaveLength(5);
  });

  it('names the missing index in warn mode too, for vector and composite queries', async () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect((await explain(await vectorDocs(warn), true)).metrics.planSummary.indexesUsed).toEqual(vectorIndex);
      const c = warn.db.collection(uniq('composite'));
      await c.doc('a').set({ a: 1, b: 2 });
      const r = await c.where('a', '==', 1).orderBy('b', 'desc').explain({ analyze: true });
      expect(r.metrics.planSummary.indexesUsed).toEqual([
        { query_scope: 'Collection', properties: '(a ASC, b DESC, __name__ DESC)' },
      ]);
      expect(r.snapshot!.size).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});
