import { BOM_ERROR_PRIORITY, BomErrorType } from '../../model/bom/bom-error.js';
import type { MatchableArticle } from '../../model/bom/bom-line.js';
import {
  BOM_LINE_EDIT_FIELDS,
  successRateOf,
  type BomJob,
  type BomLineUpdate,
  type StoredBomLine,
} from '../../model/bom-job.js';
import { lineCents } from './matched-lines.js';

/** What a line call changes: a manual match (`null` removes it) and the line edits (BOM_LINE_EDIT_FIELDS). */
export type LineChange = Omit<BomLineUpdate, 'enquiryId' | 'offerId' | 'lineId'>;

/** Sets a line's problems and its `bomError` (the first by priority). */
function setProblems(line: StoredBomLine, problems: ReadonlySet<BomErrorType>): void {
  line.problems = BOM_ERROR_PRIORITY.filter((p) => problems.has(p));
  if (line.problems.length) line.bomError = line.problems[0];
  else delete line.bomError;
}

/** Points a line at a catalogue article (its snapshot, manufacturer and id), as the matcher does. */
export function setMatchedArticle(line: StoredBomLine, article: MatchableArticle): void {
  line.matchedArticleId = article.id;
  line.matchedArticle = article;
  if (article.manufacturerId) line.manufacturerId = article.manufacturerId;
  if (article.manufacturerName) line.manufacturerName = article.manufacturerName;
}

/** A manually matched line whose article is gone: the match goes, the line is "article not found" again. */
export function dropManualMatch(line: StoredBomLine): void {
  delete line.matchedArticleId;
  delete line.matchedArticle;
  line.manualReplacement = false;
  setProblems(line, new Set([...line.problems, BomErrorType.ARTICLE_NOT_FOUND]));
}

/**
 * A line after a line call (spec §4: a manual match sets matchedArticle and manualReplacement; an edit sets
 * `edited`): `article` is the catalogue article of `change.matchedArticleId` (read by the caller). Pure; the same
 * rules for every owner (enquiry, offer, admin import).
 */
export function changedLine(
  before: StoredBomLine,
  change: LineChange,
  article: MatchableArticle | undefined,
): StoredBomLine {
  const line: StoredBomLine = structuredClone(before);
  const problems = new Set(line.problems);
  if (change.matchedArticleId === null) {
    delete line.matchedArticleId;
    delete line.matchedArticle;
    line.manualReplacement = false;
    problems.add(BomErrorType.ARTICLE_NOT_FOUND);
  } else if (article) {
    setMatchedArticle(line, article);
    line.manualReplacement = true;
    problems.delete(BomErrorType.ARTICLE_NOT_FOUND);
    problems.delete(BomErrorType.ASSIGNMENT_NOT_UNIQUE);
    // the catalogue article names the part: missing numbers are no longer missing
    problems.delete(BomErrorType.DATA_MISSING);
  }
  let edited = false;
  for (const f of BOM_LINE_EDIT_FIELDS) {
    const v = change[f];
    if (v === undefined || v === line[f]) continue;
    Object.assign(line, { [f]: v });
    edited = true;
  }
  if (edited) line.edited = true;
  if (change.quantity !== undefined && (line.orderNumber || line.manufacturerNumber || line.matchedArticle))
    problems.delete(BomErrorType.DATA_MISSING);
  setProblems(line, problems);
  return line;
}

/** A job's counts, success rate and total after some of its lines changed (each `[before, after]`). */
export function jobAfterLines<J extends BomJob>(
  job: J,
  changes: ReadonlyArray<readonly [StoredBomLine, StoredBomLine]>,
): J {
  const next: J = { ...job, errorsByType: { ...job.errorsByType } };
  for (const [before, after] of changes) {
    if (before.bomError) {
      next.errorCount--;
      next.errorsByType[before.bomError]--;
    }
    if (after.bomError) {
      next.errorCount++;
      next.errorsByType[after.bomError] = (next.errorsByType[after.bomError] ?? 0) + 1;
    }
    next.totalCents += lineCents(after) - lineCents(before);
  }
  next.successRate = successRateOf(next.lineCount, next.errorCount);
  return next;
}
