import { describe, expect, it } from 'vitest';
import { BomErrorType } from '../model/bom/bom-error.js';
import type { BomLine, MatchableArticle } from '../model/bom/bom-line.js';
import { buildManufacturerPrefixIndex } from '../model/bom/part-number.js';
import { InMemoryArticleLookup } from './article-lookup.js';
import { matchBomLines } from './matcher.js';

const CATALOGUE: MatchableArticle[] = [
  {
    id: 'a1',
    orderNumber: '3RT2015-1BB41',
    manufacturerNumber: '3RT2015-1BB41',
    manufacturerId: 'sie',
    manufacturerName: 'Siemens',
    listPrice: 40,
  },
  {
    id: 'a2',
    orderNumber: '3209510',
    manufacturerNumber: 'PT 2,5',
    manufacturerId: 'pxc',
    manufacturerName: 'Phoenix Contact',
    possibleOrderNumbers: ['PT2.5-GR'],
  },
  { id: 'a3', orderNumber: 'WAGO-2002-1201', manufacturerNumber: '2002-1201', manufacturerId: 'wago' },
  { id: 'a4', orderNumber: 'HAG-2002-1201', manufacturerNumber: '2002-1201', manufacturerId: 'hager' },
  {
    id: 'a5',
    orderNumber: 'X-1',
    manufacturerNumber: 'M-1',
    manufacturerId: 'abb',
    possibleManufacturerNumbers: ['OLD-7'],
  },
  {
    id: 'a6',
    orderNumber: 'X-2',
    manufacturerNumber: 'M-2',
    manufacturerId: 'abb',
    possibleManufacturerNumbers: ['OLD-7'],
  },
];
const MANUFACTURERS = buildManufacturerPrefixIndex([
  { manufacturerId: 'sie', names: ['Siemens', 'SIE'] },
  { manufacturerId: 'pxc', names: ['Phoenix Contact', 'PXC'] },
  { manufacturerId: 'wago', names: ['WAGO'] },
  { manufacturerId: 'hager', names: ['Hager'] },
]);

let row = 1;
const line = (p: Partial<BomLine>): BomLine => ({
  rowNumber: row++,
  quantity: 1,
  isSuppliedPart: false,
  problems: [],
  manualReplacement: false,
  edited: false,
  ...p,
});

async function match(lines: BomLine[]): Promise<BomLine[]> {
  return matchBomLines(lines, new InMemoryArticleLookup(CATALOGUE), { manufacturers: MANUFACTURERS });
}

describe('matchBomLines', () => {
  it('unique order number, in any spelling', async () => {
    const [a, b] = await match([line({ orderNumber: '3rt2015 1bb41' }), line({ orderNumber: '3209510' })]);
    expect(a).toMatchObject({
      matchedArticleId: 'a1',
      manufacturerId: 'sie',
      manufacturerName: 'Siemens',
      problems: [],
    });
    expect(a!.bomError).toBeUndefined();
    expect(b!.matchedArticleId).toBe('a2');
  });

  it('strips a manufacturer prefix ("SIE 3RT…", "PXC.3209510")', async () => {
    const [a, b] = await match([line({ orderNumber: 'SIE 3RT2015-1BB41' }), line({ orderNumber: 'PXC.3209510' })]);
    expect(a!.matchedArticleId).toBe('a1');
    expect(b!.matchedArticleId).toBe('a2');
  });

  it('manufacturer number plus manufacturer; ambiguous without manufacturer', async () => {
    const [withMfr, prefixed, without] = await match([
      line({ manufacturerNumber: '2002-1201', manufacturerName: 'WAGO' }),
      line({ manufacturerNumber: 'Hager 2002-1201' }),
      line({ manufacturerNumber: '2002-1201' }),
    ]);
    expect(withMfr!.matchedArticleId).toBe('a3');
    expect(prefixed!.matchedArticleId).toBe('a4');
    expect(without).toMatchObject({
      bomError: BomErrorType.ASSIGNMENT_NOT_UNIQUE,
      problems: [BomErrorType.ASSIGNMENT_NOT_UNIQUE],
    });
    expect(without!.matchedArticleId).toBeUndefined();
  });

  it('alternative numbers: unique matches, shared alternatives are not unique', async () => {
    const [alt, shared] = await match([line({ orderNumber: 'pt2.5-gr' }), line({ manufacturerNumber: 'old 7' })]);
    expect(alt!.matchedArticleId).toBe('a2');
    expect(shared!.bomError).toBe(BomErrorType.ASSIGNMENT_NOT_UNIQUE);
  });

  it('not found; lines without numbers and manual replacements are left alone', async () => {
    const manual = line({ orderNumber: 'nope', manualReplacement: true, matchedArticleId: 'a5' });
    const [nf, missing, m] = await match([
      line({ orderNumber: 'DOES-NOT-EXIST' }),
      line({ problems: [BomErrorType.DATA_MISSING], bomError: BomErrorType.DATA_MISSING }),
      manual,
    ]);
    expect(nf).toMatchObject({ bomError: BomErrorType.ARTICLE_NOT_FOUND });
    expect(missing!.problems).toEqual([BomErrorType.DATA_MISSING]);
    expect(m!.matchedArticleId).toBe('a5');
    expect(m!.bomError).toBeUndefined();
  });

  it('keeps earlier problems, clears stale match problems on re-match', async () => {
    const l = line({
      orderNumber: '3209510',
      problems: [BomErrorType.UNIT_MISMATCH, BomErrorType.ARTICLE_NOT_FOUND],
      bomError: BomErrorType.UNIT_MISMATCH,
    });
    await match([l]);
    expect(l).toMatchObject({
      matchedArticleId: 'a2',
      problems: [BomErrorType.UNIT_MISMATCH],
      bomError: BomErrorType.UNIT_MISMATCH,
    });
  });

  it('batches lookups: a few calls for many lines, chunked by maxKeysPerCall', async () => {
    const lookup = new InMemoryArticleLookup(CATALOGUE);
    const lines = Array.from({ length: 2500 }, (_, i) => line({ orderNumber: i % 2 ? '3209510' : `UNKNOWN-${i}` }));
    await matchBomLines(lines, lookup);
    // 1251 unique keys → 2 chunks per round, 3 rounds at most (manufacturer round has no keys)
    expect(lookup.calls).toBeLessThanOrEqual(6);
    expect(lines.filter((l) => l.matchedArticleId === 'a2')).toHaveLength(1250);
    expect(lines.filter((l) => l.bomError === BomErrorType.ARTICLE_NOT_FOUND)).toHaveLength(1250);
  });

  it('respects a Firestore-sized chunk of 30 keys', async () => {
    const base = new InMemoryArticleLookup(CATALOGUE);
    const sizes: number[] = [];
    const lookup = {
      maxKeysPerCall: 30,
      findByOrderNumbers: (k: readonly string[]) => (sizes.push(k.length), base.findByOrderNumbers(k)),
      findByManufacturerNumbers: (k: readonly string[]) => base.findByManufacturerNumbers(k),
      findByAlternatives: (k: readonly string[]) => base.findByAlternatives(k),
    };
    await matchBomLines(
      Array.from({ length: 100 }, (_, i) => line({ orderNumber: `N${i}` })),
      lookup,
    );
    expect(sizes).toEqual([30, 30, 30, 10]);
  });
});
