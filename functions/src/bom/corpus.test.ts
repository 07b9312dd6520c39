import { describe, expect, it } from 'vitest';
import { corpusDir, evaluateCorpus, expectedFiles, meetsTargets } from './corpus.bench.js';

const dir = corpusDir();

describe('corpus expectations', () => {
  it('cover at least 25 files, each with a header row and all three key columns', () => {
    const files = expectedFiles();
    expect(files.length).toBeGreaterThanOrEqual(25);
    expect(new Set(files.map((f) => f.file)).size).toBe(files.length);
    for (const f of files) {
      expect(f.headerRow).toBeGreaterThanOrEqual(1);
      for (const k of ['orderNumber', 'manufacturerNumber', 'quantity'] as const)
        expect(f[k].length).toBeGreaterThan(0);
    }
  });
});

// The files are third-party data kept out of the repository (corpus/SOURCES.md); without them this is skipped.
describe.skipIf(!dir)('real parts lists (regression guard for issue 11, not timed)', () => {
  it('header row in all but one, all three key columns in ≥ 90 %, long digit strings in all', async () => {
    const r = await evaluateCorpus(dir!);
    expect(r.missing).toEqual([]);
    const wrong = r.files
      .filter((f) => !f.headerRight || !Object.values(f.keys).every(Boolean))
      .map((f) => [f.file, f.headerRow, f.mapped]);
    expect(meetsTargets(r), JSON.stringify(wrong)).toEqual({ header: true, keys: true, digits: true });
    expect(r.withDigits).toBeGreaterThanOrEqual(5);
  });
});
