import { describe, expect, it } from 'vitest';
import { BomErrorType } from '../../model/bom/bom-error.js';
import type { BomJob, StoredBomLine } from '../../model/bom-job.js';
import { changedLine, dropManualMatch, jobAfterLines } from './line-change.js';

const notFound = (over: Partial<StoredBomLine> = {}): StoredBomLine => ({
  id: '0000004',
  rowNumber: 4,
  orderNumber: 'X-1',
  quantity: 2,
  isSuppliedPart: false,
  problems: [BomErrorType.ARTICLE_NOT_FOUND],
  bomError: BomErrorType.ARTICLE_NOT_FOUND,
  manualReplacement: false,
  edited: false,
  ...over,
});
const article = { id: 'a1', orderNumber: 'Y-1', manufacturerId: 'm1', manufacturerName: 'Siemens', listPrice: 10 };
const job = (): BomJob => ({
  id: 'adminImport_r1',
  owner: 'adminImport',
  ownerId: 'r1',
  revision: 1,
  runId: 'run',
  bomFileName: 'a.csv',
  headers: [],
  fieldMapping: [],
  bomHeaderRowIndex: 1,
  lineCount: 4,
  errorCount: 1,
  successRate: 75,
  errorsByType: { [BomErrorType.ARTICLE_NOT_FOUND]: 1 } as BomJob['errorsByType'],
  totalCents: 5000,
  mappedAt: new Date(0),
  mappedBy: 'u',
});

describe('changedLine: one line call for every owner', () => {
  it('a manual match sets the article, its manufacturer and manualReplacement and clears the matching problems', () => {
    const before = notFound();
    const line = changedLine(before, { matchedArticleId: 'a1' }, article);
    expect(line).toMatchObject({
      matchedArticleId: 'a1',
      manufacturerId: 'm1',
      manufacturerName: 'Siemens',
      manualReplacement: true,
      edited: false,
      problems: [],
    });
    expect(line.bomError).toBeUndefined();
    // pure: the line read stays as it was
    expect(before.matchedArticleId).toBeUndefined();
  });

  it('null removes the match ("article not found" again); an edit marks the line edited', () => {
    const matched = changedLine(notFound(), { matchedArticleId: 'a1' }, article);
    const undone = changedLine(matched, { matchedArticleId: null }, undefined);
    expect(undone).toMatchObject({ manualReplacement: false, bomError: BomErrorType.ARTICLE_NOT_FOUND });
    expect(undone.matchedArticle).toBeUndefined();
    expect(changedLine(matched, { quantity: 5 }, undefined)).toMatchObject({ quantity: 5, edited: true });
    expect(changedLine(matched, { quantity: 2 }, undefined).edited).toBe(false);
  });

  it('dropManualMatch ends a manual match whose article is gone', () => {
    const line = changedLine(notFound(), { matchedArticleId: 'a1' }, article);
    dropManualMatch(line);
    expect(line).toMatchObject({ manualReplacement: false, bomError: BomErrorType.ARTICLE_NOT_FOUND });
    expect(line.matchedArticleId).toBeUndefined();
  });
});

describe('jobAfterLines', () => {
  it('moves the counts, the success rate and the total by the changed lines', () => {
    const before = notFound();
    const after = changedLine(before, { matchedArticleId: 'a1' }, article);
    const next = jobAfterLines(job(), [[before, after]]);
    expect(next).toMatchObject({ errorCount: 0, successRate: 100, totalCents: 5000 + 2 * 1000 });
    expect(next.errorsByType[BomErrorType.ARTICLE_NOT_FOUND]).toBe(0);
    // and back
    expect(jobAfterLines(next, [[after, before]])).toMatchObject({ errorCount: 1, successRate: 75, totalCents: 5000 });
  });
});
