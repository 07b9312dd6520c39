import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { UniqueKeysRepository } from '../../data/unique-keys.repository.js';
import { FIELD_VALUE_KINDS } from '../../model/catalogue.js';
import type { BulkArticleRow } from './article-import.js';
import { ArticlesService, type FieldValueRepos } from './articles.service.js';
import { ArticlesRepository, FieldValuesRepository } from './catalogue.repository.js';

// The catalogue's bulk write of the article import against our Firestore emulator: rows by order number, claims,
// alternatives, refusals, and the chunk's net counts written once per field value.

let env: TestEnv;
let db: Firestore;
let service: ArticlesService;
let repos: FieldValueRepos;
const now = new Date('2026-11-27T10:00:00Z');
beforeAll(async () => {
  env = await startEnv();
  db = env.db as unknown as Firestore;
  repos = Object.fromEntries(FIELD_VALUE_KINDS.map((k) => [k, new FieldValuesRepository(db, k)])) as FieldValueRepos;
  service = new ArticlesService({
    articles: new ArticlesRepository(db),
    fieldValues: repos,
    uniqueKeys: new UniqueKeysRepository(db),
    transaction: (fn) => db.runTransaction(fn),
    now: () => now,
  });
  await repos.manufacturer.createMany([
    { id: 'm1', displayName: 'Phoenix', nameVariants: [], usedByArticleAmount: 0, createDate: now, lastUpdate: now },
    {
      id: 'm2',
      displayName: 'Merging',
      nameVariants: [],
      usedByArticleAmount: 0,
      mergedInto: 'm1',
      createDate: now,
      lastUpdate: now,
    },
  ]);
});
afterAll(() => env.close());

const run = (rows: BulkArticleRow[]) =>
  db.runTransaction((tx) =>
    service.importInTx(tx, rows, { by: { uid: 'u1', name: 'Ida Import' }, fileName: 'preise.csv' }),
  );
const count = async (id: string) => (await repos.manufacturer.get(id))!.usedByArticleAmount;
const byOrder = async (n: string) =>
  (await db.collection('articles').where('orderNumber', '==', n).get()).docs.map((d) => d.data());

const idOf = async (n: string) => (await db.collection('articles').where('orderNumber', '==', n).get()).docs[0]!.id;
const historyOf = async (id: string) =>
  (await db.collection('articles').doc(id).collection('history').get()).docs.map((d) => d.data());

describe('ArticlesService.importInTx', () => {
  it('creates, then updates by the normalised order number; a repeated number in one chunk updates the same article', async () => {
    const first = await run([
      { rowNumber: 2, fields: { orderNumber: 'A-1', manufacturerId: 'm1', possibleOrderNumbers: ['A-1-ALT'] } },
      { rowNumber: 3, fields: { orderNumber: 'A-2', manufacturerId: 'm1', listPrice: 3 } },
      { rowNumber: 4, fields: { orderNumber: 'a 2', description: 'zweimal' } },
    ]);
    expect(first).toEqual({ created: 2, updated: 1, errors: [], consumed: 3 });
    expect(await count('m1')).toBe(2);
    const [a2] = await byOrder('a 2');
    expect(a2).toMatchObject({
      listPrice: 3,
      description: 'zweimal',
      manufacturerId: 'm1',
      manufacturerName: 'Phoenix',
    });

    const second = await run([{ rowNumber: 2, fields: { orderNumber: 'A1', description: 'neu' } }]);
    expect(second).toEqual({ created: 0, updated: 1, errors: [], consumed: 1 });
    expect(await count('m1')).toBe(2);
    // one entry per article and chunk (the repeated number's two rows are one): a new article's names the import
    expect(await historyOf(await idOf('a 2'))).toEqual([
      expect.objectContaining({ kind: 'create', by: 'u1', byName: 'Ida Import', fileName: 'preise.csv', changes: [] }),
    ]);
    // an updated one its changed fields from → to
    const updated = (await historyOf(await idOf('A1'))).find((e) => e.kind === 'import');
    expect(updated).toMatchObject({ fileName: 'preise.csv' });
    expect(updated!.changes).toEqual([
      { field: 'orderNumber', from: 'A-1', to: 'A1' },
      { field: 'description', from: null, to: 'neu' },
    ]);
  });

  it('refuses another article’s alternative, a merging manufacturer and a row without numbers; writes the rest', async () => {
    const outcome = await run([
      { rowNumber: 2, fields: { orderNumber: 'A-1-ALT' } },
      { rowNumber: 3, fields: { orderNumber: 'B-1', manufacturerId: 'm2' } },
      { rowNumber: 4, fields: { description: 'ohne Nummer' } },
      { rowNumber: 5, fields: { orderNumber: 'B-2', possibleOrderNumbers: ['A2'] } },
      { rowNumber: 6, fields: { orderNumber: 'B-3', manufacturerId: 'm1' } },
    ]);
    expect(outcome.errors).toEqual([
      { row: 2, column: 'orderNumber', reason: 'numberTaken' },
      { row: 3, column: 'manufacturerName', reason: 'unknownReference' },
      { row: 4, column: 'orderNumber', reason: 'missingValues' },
      { row: 5, column: 'orderNumber', reason: 'numberTaken' },
    ]);
    expect(outcome.created).toBe(1);
    expect(await count('m1')).toBe(3);
    expect(await count('m2')).toBe(0);
  });

  it('moving an article to another manufacturer changes both counts by one, net', async () => {
    await repos.manufacturer.createMany([
      { id: 'm3', displayName: 'WAGO', nameVariants: [], usedByArticleAmount: 0, createDate: now, lastUpdate: now },
    ]);
    const before = await count('m1');
    const outcome = await run([
      { rowNumber: 2, fields: { orderNumber: 'B-3', manufacturerId: 'm3' } },
      { rowNumber: 3, fields: { orderNumber: 'B-3', manufacturerId: 'm1' } },
      { rowNumber: 4, fields: { orderNumber: 'B-3', manufacturerId: 'm3' } },
    ]);
    expect(outcome).toEqual({ created: 0, updated: 3, errors: [], consumed: 3 });
    expect(await count('m1')).toBe(before - 1);
    expect(await count('m3')).toBe(1);
  });

  it('stops at the write budget (Firestore takes 500 writes per commit): the rest is the caller’s next call', async () => {
    const rows: BulkArticleRow[] = Array.from({ length: 40 }, (_, i) => ({
      rowNumber: i + 2,
      fields: { orderNumber: `W${i}N`, possibleOrderNumbers: Array.from({ length: 20 }, (_, k) => `W${i}N${k}A`) },
    }));
    const first = await run(rows);
    // 23 writes a row (article, its history entry, 21 claims): 20 rows fit into BULK_WRITE_BUDGET (480)
    expect(first.consumed).toBe(20);
    expect(first.created).toBe(20);
    const rest = await run(rows.slice(first.consumed));
    expect(rest.consumed).toBe(20);
    expect((await byOrder('W20N')).length).toBe(1);
    expect((await byOrder('W39N')).length).toBe(1);
  });
});
