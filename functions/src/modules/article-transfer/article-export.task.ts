import { EXPORT_RESULT_FOLDER, type ArticleExportFilter } from '../../model/article-transfer.js';
import { readObject, type FileStore } from '../../platform/files/file-store.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { ArticlesService } from '../catalogue/articles.service.js';
import { exportLines, EXPORT_HEADER, matchesExportFilter } from './article-export.js';
import { exportFinishedMail } from './article-transfer-mails.js';

export const ARTICLE_EXPORT_TASK = 'articleTransfer.export';
/** Articles per chunk (one page read, one part file written). */
const EXPORT_CHUNK = 1000;

export interface ArticleExportParams {
  exportId: string;
  fileName: string;
  filter: ArticleExportFilter;
  to: { mail: string; name: string; lastname: string };
}

const partsFolder = (exportId: string) => `articleExports/${exportId}/`;
const partPath = (exportId: string, n: number) => `${partsFolder(exportId)}${String(n).padStart(6, '0')}.csv`;

/** Cursor `<parts written>:<last article id>`. */
function parseCursor(cursor: unknown): { parts: number; afterId?: string; matched: number } {
  if (typeof cursor !== 'string') return { parts: 0, matched: 0 };
  const [parts, matched, ...rest] = cursor.split(':');
  return { parts: Number(parts), matched: Number(matched), afterId: rest.join(':') || undefined };
}

/**
 * The export beyond DIRECT_EXPORT_MAX_ARTICLES: each chunk reads one page of the query after the cursor and
 * writes its CSV lines as a part file (overwritten identically when the chunk runs again); the last chunk joins
 * the parts behind the header into `exportResult/<name>` and writes the German "export finished" mail in its
 * commit (exactly once).
 */
export function articleExportTask(d: {
  files: FileStore;
  articles: ArticlesService;
  mail: MailOutbox;
  now: () => Date;
  portalUrl: () => string;
}): TaskKind<ArticleExportParams> {
  return {
    kind: ARTICLE_EXPORT_TASK,
    chunkSize: EXPORT_CHUNK,
    chunksPerDelivery: 100,
    parse(params) {
      const p = params as Partial<ArticleExportParams> | null;
      if (!p?.exportId || !p.fileName || !p.filter || !p.to?.mail) throw new TaskFailure('invalidParams');
      return p as ArticleExportParams;
    },
    count: (p) => d.articles.exportCount(p.filter.manufacturers),
    async runChunk({ params: p, cursor, size }) {
      const at = parseCursor(cursor);
      const page = await d.articles.exportPage(p.filter.manufacturers, at.afterId, size);
      const matched = at.matched + page.filter((a) => matchesExportFilter(a, p.filter)).length;
      if (page.length)
        await d.files.write(partPath(p.exportId, at.parts), Buffer.from(exportLines(page, p.filter)), 'text/csv');
      const parts = page.length ? at.parts + 1 : at.parts;
      const finished = page.length < size;
      const next = `${parts}:${matched}:${page.at(-1)?.id ?? at.afterId ?? ''}`;
      if (!finished) return { cursor: next, processed: page.length, finished };
      // A run of this last chunk that was cut off after the join finds the file written and its parts gone.
      const target = `${EXPORT_RESULT_FOLDER}${p.fileName}`;
      if (!(await d.files.stat(target))) {
        const chunks: Buffer[] = [Buffer.from(EXPORT_HEADER)];
        for (let n = 0; n < parts; n++) {
          const part = await readObject(d.files, partPath(p.exportId, n));
          if (!part) throw new Error(`export part ${n} of ${p.exportId} is missing`);
          chunks.push(part);
        }
        await d.files.write(target, Buffer.concat(chunks), 'text/csv');
      }
      for (let n = 0; n < parts; n++) await d.files.delete(partPath(p.exportId, n)).catch(() => false);
      return {
        cursor: next,
        processed: page.length,
        finished,
        commit(tx) {
          d.mail.sendInTx(
            tx,
            exportFinishedMail({ to: p.to, fileName: p.fileName, articles: matched, portalUrl: d.portalUrl() }),
            d.now(),
          );
        },
      };
    },
  };
}
