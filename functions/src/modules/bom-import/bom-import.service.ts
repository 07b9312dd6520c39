import { Readable } from 'node:stream';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { Download } from '../../http/send-download.js';
import { generateSupplierBom } from '../../bom/bom-export.js';
import { matchBomLines } from '../../bom/matcher.js';
import { validateHeaderRowIndex } from '../../bom/header.js';
import { firstSuggestion, type MappingMemoryStore } from '../../bom/mapping-memory.js';
import { suggestMapping, toFieldMapping, validateMapping } from '../../bom/mapping.js';
import type { MatchableArticle } from '../../model/bom/bom-line.js';
import type { FieldMapping } from '../../model/bom/fields.js';
import {
  BOM_IMPORT_ERRORS,
  type AdminBomHeaderAnswer,
  type AdminBomHistoryQuery,
  ADMIN_BOM_REMATCH_MAX_LINES,
  type AdminBomImportAnswer,
  type AdminBomLineAnswer,
  type AdminBomLineUpdate,
  type AdminBomLinesQuery,
  type AdminBomRematch,
  type AdminBomRematchAnswer,
  type AdminBomResult,
  type AdminBomTaskParams,
  type AdminBomTaskStarted,
  type AdminBomTaskState,
} from '../../model/bom-import.js';
import {
  BOM_JOB_ERRORS,
  BOM_SYNC_MAX_LINES,
  BOM_TASK_MAX_LINES,
  bomJobId,
  bomJobView,
  estimateFromCents,
  type BomJobView,
  type StoredBomLine,
} from '../../model/bom-job.js';
import { DEFAULT_PAGE_SIZE } from '../../model/constants.js';
import type { Page } from '../../model/paging.js';
import type { Principal } from '../../model/user.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { CataloguePort } from '../catalogue/catalogue.port.js';
import type { BomJobsRepository } from '../bom-jobs/bom-jobs.repository.js';
import { buildMatchedLines, rememberJobMapping } from '../bom-jobs/matched-lines.js';
import { changedLine, dropManualMatch, jobAfterLines, setMatchedArticle } from '../bom-jobs/line-change.js';
import { readBomRows, type BomReader } from '../enquiries/bom-reader.js';
import { lineSetFolder, type LineSetOwner } from '../bom-jobs/line-set.task.js';
import { readObject, type FileStore } from '../../platform/files/file-store.js';
import { TaskFailure } from '../../platform/tasks/task-kind.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import type { AdminBomJob, AdminBomRepository } from './bom-import.repository.js';

/** The admin import above the synchronous ceiling (importTaskOwner, line-set.task.ts). */
export const BOM_IMPORT_TASK = 'bomImport';

const fail = { ...errorsOf(BOM_IMPORT_ERRORS), ...errorsOf(BOM_JOB_ERRORS) };

export interface BomImportDeps {
  jobs: AdminBomRepository;
  lines: BomJobsRepository;
  reader: BomReader;
  catalogue: Pick<CataloguePort, 'matchContext' | 'matchableArticle'>;
  memory: MappingMemoryStore;
  files: FileStore;
  tasks: Pick<TaskRunner, 'create' | 'start' | 'repo'>;
  transaction: RunTransaction;
  now: () => Date;
  log: { warn(message: string, data?: object): void };
}

export interface AdminBomImportRequest {
  file: UploadedFile | undefined;
  headerRowIndex: unknown;
  mapping: FieldMapping;
  suppliedPartString?: string;
}

/** Administrators (the ADMIN company's admin-flag users) see every result; other ADMIN users their own. */
const seesAll = (p: Principal) => p.companyType === 'ADMIN' && p.admin;

const displayName = (p: Principal) => [p.user.name, p.user.lastname].filter(Boolean).join(' ');

/**
 * The administrators' BOM import (spec 02 §2 /import/stueckliste, §3 BOM result, §7 Admin BOM results): a file is
 * read, mapped and matched against the catalogue in Firestore like an enquiry's BOM (the same engine and line store)
 * and kept as the BOM job `adminImport_{resultId}`; the history lists, shows and deletes these results
 * (docs/decisions-bom.md "Admin BOM import").
 */
export class BomImportService {
  constructor(private readonly d: BomImportDeps) {}

  private async rows(file: UploadedFile | undefined, headerRowIndex?: number) {
    const { rows, ...read } = await this.d.reader.read(file, headerRowIndex);
    return { read, rows };
  }

  /**
   * POST /admin/bom/header: the headers of the uploaded file at the caller's (or the suggested) header row and the
   * mapping the panel starts with — the company's remembered one for these headers, else the engine's suggestion.
   */
  async header(
    principal: Principal,
    file: UploadedFile | undefined,
    headerRowIndex?: number,
  ): Promise<AdminBomHeaderAnswer> {
    const { read, rows } = await this.rows(file, headerRowIndex);
    const index = read.bomHeaderRowIndex;
    const computed = suggestMapping(read.headers, 'bom', { rows: rows.slice(index, index + 200) });
    const first = firstSuggestion(read.headers, computed, await this.d.memory.listForCompany(principal.company.id));
    const supplied = first.remembered?.entry.suppliedPartString;
    return {
      bomFileName: read.bomFileName,
      headers: read.headers,
      bomHeaderRowIndex: index,
      suggestedHeaderRowIndex: read.suggestedHeaderRowIndex,
      mapping: toFieldMapping(first.suggestions),
      source: first.remembered ? 'remembered' : 'computed',
      ...(supplied ? { suppliedPartString: supplied } : {}),
    };
  }

  /**
   * POST /enquiry/bom/map?admin=true: validates header row and mapping with the engine (400 with its keys), refuses
   * more data rows than the synchronous ceiling (413 bomImportTooLarge), builds and matches the lines, stores them
   * and the result, and remembers the mapping for the company.
   */
  async import(principal: Principal, req: AdminBomImportRequest): Promise<AdminBomImportAnswer | AdminBomTaskStarted> {
    const indexProblem = validateHeaderRowIndex(req.headerRowIndex as number, 'bomSave');
    if (indexProblem) throw ApiError.badRequest('validation', [{ path: 'headerRowIndex', key: indexProblem }]);
    const headerRowIndex = Number(req.headerRowIndex);
    const { read, rows } = await this.rows(req.file, headerRowIndex);
    const headers = read.headers;
    const issues = validateMapping(req.mapping, 'bom', headers);
    if (issues.length)
      throw ApiError.badRequest(
        'validation',
        issues.map((i) => ({ path: 'mapping', key: i.key })),
      );
    const dataRows = rows.length - headerRowIndex;
    if (dataRows > BOM_TASK_MAX_LINES) throw fail.bomImportTooLarge();
    const suppliedPartString = req.suppliedPartString || undefined;
    if (dataRows > BOM_SYNC_MAX_LINES)
      return this.startTask(principal, req.file!, read.bomFileName, {
        headerRowIndex,
        mapping: req.mapping,
        suppliedPartString,
      });

    const { stored, counts } = await buildMatchedLines(this.d.catalogue, {
      rows,
      headerRowIndex,
      headers,
      mapping: req.mapping,
      suppliedPartString,
    });
    const now = this.d.now();
    const resultId = this.d.jobs.newId();
    const job: AdminBomJob = {
      id: bomJobId('adminImport', resultId),
      owner: 'adminImport',
      ownerId: resultId,
      revision: 1,
      runId: this.d.lines.newRunId(),
      bomFileName: read.bomFileName,
      headers,
      fieldMapping: req.mapping,
      bomHeaderRowIndex: headerRowIndex,
      ...(suppliedPartString ? { suppliedPartString } : {}),
      ...counts,
      mappedAt: now,
      mappedBy: principal.uid,
      createDate: now,
      lastUpdate: now,
      createdByName: displayName(principal),
    };
    // lines first: the result appears in the history only with its lines; a failed write removes them again
    await this.d.lines.writeLines(job.id, job.runId, stored);
    try {
      await this.d.jobs.create(job);
    } catch (error) {
      await this.d.lines.deleteRun(job.id, job.runId);
      throw error;
    }
    await rememberJobMapping(this.d, principal.company.id, job);
    return {
      result: resultOf(job),
      lines: { content: stored.slice(0, DEFAULT_PAGE_SIZE), totalElements: stored.length },
    };
  }

  /**
   * Above the synchronous ceiling: the uploaded file is kept in the task's folder and the line set is built by the
   * BOM jobs' background task (modules/bom-jobs/line-set.task.ts, kind `bomImport`); the result joins the history
   * when it is switched in. Answers the task the page follows (GET /admin/bom/task) and the result's id.
   */
  private async startTask(
    principal: Principal,
    file: UploadedFile,
    fileName: string,
    req: { headerRowIndex: number; mapping: FieldMapping; suppliedPartString?: string },
  ): Promise<AdminBomTaskStarted> {
    const resultId = this.d.jobs.newId();
    const runId = this.d.lines.newRunId();
    // in the task's folder (not a subfolder): the line set's clean-up removes it with the staging
    const sourcePath = `${lineSetFolder(runId)}upload-${fileName}`;
    await this.d.files.write(sourcePath, file.bytes, 'application/octet-stream');
    const params: AdminBomTaskParams = {
      owner: 'adminImport',
      ownerId: resultId,
      revision: 1,
      runId,
      headerRowIndex: req.headerRowIndex,
      mapping: req.mapping,
      ...(req.suppliedPartString ? { suppliedPartString: req.suppliedPartString } : {}),
      uid: principal.uid,
      companyId: principal.company.id,
      createdByName: displayName(principal),
      fileName,
      sourcePath,
    };
    const taskId = await this.d.tasks.create({ kind: BOM_IMPORT_TASK, params, createdBy: principal.uid });
    await this.d.tasks.start(taskId);
    return { taskId, resultId };
  }

  /**
   * The admin import as a line set's owner (line-set.task.ts): no record rules to check; the switch creates the
   * result (a retry finds it created); afterwards the company remembers the mapping and the uploaded file goes.
   */
  importTaskOwner(): LineSetOwner<AdminBomTaskParams> {
    return {
      kind: BOM_IMPORT_TASK,
      valid: (p) => p.owner === 'adminImport' && typeof p.sourcePath === 'string' && typeof p.fileName === 'string',
      check: async () => undefined,
      read: async (p) => {
        const bytes = await readObject(this.d.files, p.sourcePath);
        if (!bytes) throw new TaskFailure('importFileMissing');
        try {
          return { rows: await readBomRows(bytes, p.fileName), fileName: p.fileName };
        } catch (error) {
          if (error instanceof ApiError) throw new TaskFailure(error.code, String(error.details));
          throw error;
        }
      },
      switchTo: async (p, base, also) => {
        const job: AdminBomJob = {
          ...base,
          owner: 'adminImport',
          createDate: base.mappedAt,
          lastUpdate: base.mappedAt,
          createdByName: p.createdByName,
        };
        await this.d.transaction(async (tx) => {
          const existing = await this.d.jobs.getInTx(tx, job.id);
          // switched by an earlier delivery of this task: nothing more to do
          if (existing?.runId === job.runId) return;
          await also(tx, job);
        });
      },
      after: (p, job) => rememberJobMapping(this.d, p.companyId, job),
      // the uploaded file sits in the task's folder, which the line set's clean-up removes
    };
  }

  /** GET /admin/bom/task: a background import's state — its starter's, or any for administrators (else 404). */
  async taskState(principal: Principal, taskId: string): Promise<AdminBomTaskState> {
    const task = await this.d.tasks.repo.get(taskId);
    const params = task?.params as Partial<AdminBomTaskParams> | undefined;
    if (!task || task.kind !== BOM_IMPORT_TASK || !params?.ownerId) throw ApiError.notFound();
    if (!seesAll(principal) && params.uid !== principal.uid) throw ApiError.notFound();
    return {
      state: task.state,
      progress: task.progress,
      resultId: params.ownerId,
      ...(task.error ? { error: task.error.code } : {}),
    };
  }

  /** A result the caller may read: administrators every one, other ADMIN users their own (else 404). */
  private async readable(principal: Principal, resultId: string): Promise<AdminBomJob> {
    const job = await this.d.jobs.get(bomJobId('adminImport', resultId));
    if (!job || job.owner !== 'adminImport') throw ApiError.notFound();
    if (!seesAll(principal) && job.mappedBy !== principal.uid) throw ApiError.notFound();
    return job;
  }

  /** GET /admin/bom/all/simple: the history, newest first (administrators only: the route's guard). */
  async history(q: AdminBomHistoryQuery): Promise<Page<AdminBomResult>> {
    const page = await this.d.jobs.history({
      column: q.column,
      sortDescending: q.sortDescending,
      page: q.page,
      size: q.paginationSize,
    });
    return { content: page.content.map(resultOf), totalElements: page.totalElements };
  }

  /** GET /admin/bom/?id */
  async result(principal: Principal, id: string): Promise<AdminBomResult> {
    return resultOf(await this.readable(principal, id));
  }

  /** GET /admin/bom/lines: one page of a result's article table. */
  async lines(principal: Principal, q: AdminBomLinesQuery): Promise<Page<StoredBomLine> & { summary: BomJobView }> {
    const job = await this.readable(principal, q.id);
    const page = await this.d.lines.page(job.id, job.runId, {
      errorsOnly: q.errorsOnly,
      replacedOnly: q.replacedOnly,
      column: q.column,
      sortDescending: q.sortDescending,
      page: q.page,
      size: q.paginationSize,
    });
    // the article table's summary line, as the enquiry's table has it (administrators see the estimate)
    const summary = bomJobView(job, true);
    return { ...page, summary };
  }

  /** GET /admin/bom/generated: the supplier format (spec §2: supplied parts in a file of their own). */
  async generated(principal: Principal, id: string, part: 'main' | 'suppliedParts'): Promise<Download> {
    const job = await this.readable(principal, id);
    const lines: StoredBomLine[] = [];
    for await (const l of this.d.lines.all(job.id, job.runId)) lines.push(l);
    const files = generateSupplierBom(lines);
    const bytes = part === 'suppliedParts' ? files.suppliedParts : files.main;
    const base = (job.bomFileName.replace(/\.[^.]*$/, '') || 'Stueckliste').slice(0, 100);
    return {
      filename: `${base}_${part === 'suppliedParts' ? 'Beistellteile' : 'Stueckliste'}.csv`,
      contentType: 'text/csv; charset=utf-8',
      size: bytes.byteLength,
      stream: Readable.from([Buffer.from(bytes)]),
    };
  }

  /**
   * GET /admin/bom/delete?adminBOMResultIds: removes the results with their lines (the generated files are made on
   * request, the uploaded file is not kept). Unknown ids are skipped; answers how many were deleted.
   */
  async delete(ids: readonly string[]): Promise<{ deleted: number }> {
    let deleted = 0;
    for (const id of new Set(ids)) {
      const job = await this.d.jobs.get(bomJobId('adminImport', id));
      if (!job || job.owner !== 'adminImport') continue;
      await this.d.jobs.delete(job.id);
      await this.d.lines.deleteRun(job.id, job.runId);
      deleted++;
    }
    return { deleted };
  }
  /**
   * POST /admin/bom/line: a manual match on a line of a result (sets the matched article and manualReplacement; `null`
   * removes it) and line edits — the enquiry's line rules (bom-jobs/line-change.ts) on the admin import's job. Decided
   * in one transaction on the result and the line; counts, success rate and estimate follow. Who: the catalogue's
   * writers (the route's guard) on a result they may read (404 otherwise).
   */
  async updateLine(principal: Principal, req: AdminBomLineUpdate): Promise<AdminBomLineAnswer> {
    const seen = await this.readable(principal, req.id);
    const article = req.matchedArticleId
      ? await this.d.catalogue.matchableArticle(req.matchedArticleId).catch(() => undefined)
      : undefined;
    if (req.matchedArticleId && !article) throw fail.bomArticleUnknown();
    return this.d.transaction(async (tx) => {
      const job = await this.d.jobs.getInTx(tx, seen.id);
      if (!job || job.runId !== seen.runId) throw ApiError.notFound();
      const before = await this.d.lines.getLineInTx(tx, job.id, job.runId, req.lineId);
      if (!before) throw ApiError.notFound();
      const line = changedLine(before, req, article);
      const next = { ...jobAfterLines(job, [[before, line]]), lastUpdate: this.d.now() };
      this.d.lines.setLineInTx(tx, job.id, job.runId, line);
      this.d.jobs.setInTx(tx, next);
      return { line, result: resultOf(next) };
    });
  }

  /**
   * POST /admin/bom/rematch: after the catalogue article of a line was edited (the page's "edit article" side panel
   * saves through POST /article/update), the line is matched again with the lines like it — the same order or
   * manufacturer number as the file writes it, and every line matched to its article (at most
   * ADMIN_BOM_REMATCH_MAX_LINES). Lines matched by number go through the matcher again; manual matches keep their
   * article and take its new catalogue values (a deleted article ends the manual match). A line changed by another
   * call meanwhile is left as that call wrote it.
   */
  async rematch(principal: Principal, req: AdminBomRematch): Promise<AdminBomRematchAnswer> {
    const job = await this.readable(principal, req.id);
    const line = await this.d.lines.getLine(job.id, job.runId, req.lineId);
    if (!line) throw ApiError.notFound();
    const found = new Map<string, StoredBomLine>([[line.id, line]]);
    const like: Array<['orderNumber' | 'manufacturerNumber' | 'matchedArticleId', string | undefined]> = [
      ['matchedArticleId', line.matchedArticleId],
      ['orderNumber', line.orderNumber],
      ['manufacturerNumber', line.manufacturerNumber],
    ];
    for (const [field, value] of like) {
      if (!value || found.size >= ADMIN_BOM_REMATCH_MAX_LINES) continue;
      const more = await this.d.lines.linesWhere(job.id, job.runId, field, value, ADMIN_BOM_REMATCH_MAX_LINES);
      for (const l of more) if (found.size < ADMIN_BOM_REMATCH_MAX_LINES) found.set(l.id, l);
    }
    const originals = [...found.values()];
    const redone = originals.map((l) => structuredClone(l));
    const byNumber: StoredBomLine[] = [];
    const articles = new Map<string, Promise<MatchableArticle | undefined>>();
    const articleOf = (id: string) => {
      if (!articles.has(id))
        articles.set(
          id,
          this.d.catalogue.matchableArticle(id).catch(() => undefined),
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
      const context = await this.d.catalogue.matchContext();
      await matchBomLines(byNumber, context.lookup, { manufacturers: context.manufacturers });
    }
    return this.d.transaction(async (tx) => {
      const current = await this.d.jobs.getInTx(tx, job.id);
      if (!current || current.runId !== job.runId) throw ApiError.notFound();
      const now = await Promise.all(originals.map((l) => this.d.lines.getLineInTx(tx, job.id, job.runId, l.id)));
      const changes: Array<readonly [StoredBomLine, StoredBomLine]> = [];
      originals.forEach((before, i) => {
        const stored = now[i];
        // changed by another call since it was read (or gone): that call's state stands
        if (!stored || JSON.stringify(stored) !== JSON.stringify(before)) return;
        changes.push([before, redone[i]!]);
      });
      const next = { ...jobAfterLines(current, changes), lastUpdate: this.d.now() };
      for (const [, after] of changes) this.d.lines.setLineInTx(tx, job.id, job.runId, after);
      this.d.jobs.setInTx(tx, next);
      return { result: resultOf(next), lines: changes.map(([, after]) => after) };
    });
  }
}

function resultOf(job: AdminBomJob): AdminBomResult {
  return {
    id: job.ownerId,
    bomFileName: job.bomFileName,
    headers: job.headers,
    fieldMapping: job.fieldMapping,
    bomHeaderRowIndex: job.bomHeaderRowIndex,
    ...(job.suppliedPartString ? { suppliedPartString: job.suppliedPartString } : {}),
    lineCount: job.lineCount,
    errorCount: job.errorCount,
    successRate: job.successRate,
    errorsByType: job.errorsByType,
    estimate: estimateFromCents(job.totalCents),
    createdBy: job.mappedBy,
    createdByName: job.createdByName,
    createDate: job.createDate,
    lastUpdate: job.lastUpdate,
  };
}
