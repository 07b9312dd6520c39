import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionReference } from 'firebase-admin/firestore';
import { startEnv, uniq, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { entityConverter } from './converter.js';
import { indexesFor, readPage, requiredIndex, type QueryFilter } from './paged-query.js';
import { searchTerm, searchTokens } from './search-tokens.js';

/** The page helper against our Firestore emulator (the same gRPC API production serves). */
interface Item {
  id: string;
  name: string;
  group: string;
  rank: number;
  note?: string;
}

const converter = entityConverter<Item>({
  required: ['name', 'group', 'rank'],
  nullable: ['note'],
  derivedFields: ['searchTokens'],
  derived: (item) => ({ searchTokens: searchTokens(item.name) }),
});

const NAMES = [
  'Anna Keller',
  'Jonas Brandt',
  'Petra Müller',
  'Stefan Schäfer',
  'Markus Weber',
  'Julia Fischer',
  'Lukas Neumann',
  'Anna Weber',
  'Karl Kellermann',
  'Zoe Adler',
];
const ITEMS: Item[] = Array.from({ length: 47 }, (_, i) => ({
  id: `item-${String(i).padStart(2, '0')}`,
  name: `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length)}`,
  group: ['a', 'b', 'c'][i % 3]!,
  rank: (i * 7) % 11,
  ...(i % 4 === 0 ? {} : { note: `n${i}` }),
}));

let env: TestEnv;
let col: CollectionReference<Item>;
beforeAll(async () => {
  env = await startEnv();
  col = (env.db.collection(uniq('items')) as unknown as CollectionReference).withConverter(converter);
  const batch = env.db.batch();
  for (const item of ITEMS) batch.set(col.doc(item.id) as never, item);
  await batch.commit();
});
afterAll(() => env?.close());

/** What the page should be: the same filter, sort (ties by id), slice in memory. */
function expected(filter: (i: Item) => boolean, key: keyof Item, desc: boolean, page: number, size: number) {
  const all = ITEMS.filter(filter).sort((a, b) => {
    const av = a[key] ?? null;
    const bv = b[key] ?? null;
    const cmp = av === bv ? 0 : av === null ? -1 : bv === null ? 1 : av < bv ? -1 : 1;
    return (desc ? -cmp : cmp) || (desc ? -1 : 1) * (a.id < b.id ? -1 : 1);
  });
  return { ids: all.slice(page * size, page * size + size).map((i) => i.id), total: all.length };
}

async function run(filters: QueryFilter[], orderBy: keyof Item, descending: boolean, page: number, size: number) {
  const result = await readPage(col, { filters, orderBy, descending, page, size });
  return { ids: result.content.map((i) => i.id), total: result.totalElements, content: result.content };
}

describe('readPage', () => {
  it('pages through all documents in order with the total, no overlap, last page short', async () => {
    const seen: string[] = [];
    for (let page = 0; page < 4; page++) {
      const got = await run([], 'name', false, page, 15);
      expect(got).toMatchObject(expected(() => true, 'name', false, page, 15));
      seen.push(...got.ids);
    }
    expect(seen).toHaveLength(47);
    expect(new Set(seen).size).toBe(47);
    expect((await run([], 'name', false, 3, 15)).ids).toHaveLength(2);
    expect(await run([], 'name', false, 4, 15)).toEqual({ ids: [], total: 47, content: [] });
  });

  it('sorts descending with ties broken consistently; keeps documents without the sort field (stored as null)', async () => {
    expect(await run([], 'rank', true, 1, 10)).toMatchObject(expected(() => true, 'rank', true, 1, 10));
    const byNote = await run([], 'note', false, 0, 20);
    expect(byNote).toMatchObject(expected(() => true, 'note', false, 0, 20));
    expect(byNote.content[0]).not.toHaveProperty('note'); // null is not handed out
    expect(byNote.content[0]).not.toHaveProperty('searchTokens');
  });

  it('applies ==, in and array-contains filters to the page and to the count', async () => {
    expect(await run([{ field: 'group', op: '==', value: 'b' }], 'rank', false, 0, 5)).toMatchObject(
      expected((i) => i.group === 'b', 'rank', false, 0, 5),
    );
    expect(await run([{ field: 'group', op: 'in', value: ['a', 'c'] }], 'name', true, 2, 5)).toMatchObject(
      expected((i) => i.group !== 'b', 'name', true, 2, 5),
    );
    const anna = await run(
      [{ field: 'searchTokens', op: 'array-contains', value: searchTerm('ANNA') }],
      'name',
      false,
      0,
      30,
    );
    expect(anna).toMatchObject(expected((i) => i.name.startsWith('Anna'), 'name', false, 0, 30));
    expect(anna.total).toBe(9); // Anna Keller and Anna Weber, i % 10 ∈ {0, 7} below 47
    const kellerInA = await run(
      [
        { field: 'group', op: 'in', value: ['a', 'b'] },
        { field: 'searchTokens', op: 'array-contains', value: searchTerm('kel') },
      ],
      'rank',
      true,
      0,
      30,
    );
    expect(kellerInA).toMatchObject(expected((i) => i.group !== 'c' && /(^| )Kel/.test(i.name), 'rank', true, 0, 30));
    const muller = await run(
      [{ field: 'searchTokens', op: 'array-contains', value: searchTerm('mueller') }],
      'name',
      false,
      0,
      5,
    );
    expect(muller.total).toBe(5);
  });
});

describe('ranges on the sort field', () => {
  it('pages a range (e.g. “since”) together with an equality filter; a range on another field is refused', async () => {
    const since = await run(
      [
        { field: 'group', op: '==', value: 'a' },
        { field: 'rank', op: '>=', value: 5 },
      ],
      'rank',
      true,
      0,
      5,
    );
    expect(since).toMatchObject(expected((i) => i.group === 'a' && i.rank >= 5, 'rank', true, 0, 5));
    expect(since.total).toBe(ITEMS.filter((i) => i.group === 'a' && i.rank >= 5).length);
    await expect(run([{ field: 'rank', op: '<', value: 3 }], 'name', false, 0, 5)).rejects.toThrow(/range filter/);
    // the index: the equality fields, then the sort field (which carries the range)
    expect(
      requiredIndex(
        'items',
        [
          { field: 'group', op: '==' },
          { field: 'rank', op: '>=' },
        ],
        'rank',
        true,
      ),
    ).toEqual({
      collectionGroup: 'items',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'group', order: 'ASCENDING' },
        { fieldPath: 'rank', order: 'DESCENDING' },
      ],
    });
  });
});

describe('indexes', () => {
  it('a sort on another field than the filters needs a composite index; no filter or only the sort field does not', () => {
    expect(requiredIndex('items', [], 'name', false)).toBeUndefined();
    expect(requiredIndex('items', [{ field: 'group', op: 'in' }], 'group', true)).toBeUndefined();
    expect(
      requiredIndex(
        'items',
        [
          { field: 'group', op: 'in' },
          { field: 'searchTokens', op: 'array-contains' },
        ],
        'rank',
        true,
      ),
    ).toEqual({
      collectionGroup: 'items',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'group', order: 'ASCENDING' },
        { fieldPath: 'searchTokens', arrayConfig: 'CONTAINS' },
        { fieldPath: 'rank', order: 'DESCENDING' },
      ],
    });
    const all = indexesFor({
      collectionGroup: 'items',
      filterSets: [[], [{ field: 'group', op: 'in' }]],
      orderFields: ['name', 'group'],
    });
    expect(all).toHaveLength(2); // group+name asc/desc
  });
});
