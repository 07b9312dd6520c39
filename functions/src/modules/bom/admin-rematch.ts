import { matchBomLines } from '../../bom/matcher.js';
import type { MatchableArticle } from '../../model/bom/bom-line.js';
import { ADMIN_BOM_REMATCH_MAX_LINES } from '../../model/bom-import.js';
import type { StoredBomLine } from '../../model/bom-job.js';
import type { CataloguePort } from '../catalogue/catalogue.port.js';
import type { AdminBomJob } from './admin-bom.repository.js';
import type { BomJobsRepository } from './bom-jobs.repository.js';
import { dropManualMatch, setMatchedArticle } from './line-change.js';

type Deps = { lines: BomJobsRepository; catalogue: Pick<CataloguePort, 'matchContext' | 'matchableArticle'> };

/** The line and the lines like it: the same order or manufacturer number as the file writes it, the same article. */
async function linesLike(d: Deps, job: AdminBomJob, line: StoredBomLine): Promise<StoredBomLine[]> {
  const found = new Map<string, StoredBomLine>([[line.id, line]]);
  const like: Array<['orderNumber' | 'manufacturerNumber' | 'matchedArticleId', string | undefined]> = [
    ['matchedArticleId', line.matchedArticleId],
    ['orderNumber', line.orderNumber],
    ['manufacturerNumber', line.manufacturerNumber],
  ];
  for (const [field, value] of like) {
    if (!value || found.size >= ADMIN_BOM_REMATCH_MAX_LINES) continue;
    const more = await d.lines.linesWhere(job.id, job.runId, field, value, ADMIN_BOM_REMATCH_MAX_LINES);
    for (const l of more) if (found.size < ADMIN_BOM_REMATCH_MAX_LINES) found.set(l.id, l);
  }
  return [...found.values()];
}

/**
 * The re-match of POST /admin/bom/rematch before it is written (admin-bom.service.ts `rematch`): the line and the
 * lines like it (at most ADMIN_BOM_REMATCH_MAX_LINES) as read, and each matched again — lines matched by number go
 * through the matcher again; manual matches keep their article and take its new catalogue values (a deleted article
 * ends the manual match).
 */
export async function rematchedLines(
  d: Deps,
  job: AdminBomJob,
  line: StoredBomLine,
): Promise<{ originals: StoredBomLine[]; redone: StoredBomLine[] }> {
  const originals = await linesLike(d, job, line);
  const redone = originals.map((l) => structuredClone(l));
  const byNumber: StoredBomLine[] = [];
  const articles = new Map<string, Promise<MatchableArticle | undefined>>();
  const articleOf = (id: string) => {
    if (!articles.has(id))
      articles.set(
        id,
        d.catalogue.matchableArticle(id).catch(() => undefined),
      );
    return articles.get(id)!;
  };
  for (const l of redone) {
    if (l.manualReplacement && l.matchedArticleId) {
      const article = await articleOf(l.matchedArticleId);
      if (article) setMatchedArticle(l, article);
      else dropManualMatch(l);
      continue;
    }
    // the manufacturer a line had came from its article (the file names none by id): the matcher finds it again
    if (l.matchedArticle && l.manufacturerId === l.matchedArticle.manufacturerId) delete l.manufacturerId;
    byNumber.push(l);
  }
  if (byNumber.length) {
    const context = await d.catalogue.matchContext();
    await matchBomLines(byNumber, context.lookup, { manufacturers: context.manufacturers });
  }
  return { originals, redone };
}
