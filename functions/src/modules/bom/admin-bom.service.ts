import { generateSupplierBom } from '../../bom/bom-export.js';
import { firstSuggestion, type MappingMemoryStore } from '../../bom/mapping-memory.js';
import { suggestMapping, toFieldMapping } from '../../bom/mapping.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { Download } from '../../http/send-download.js';
import {
  BOM_IMPORT_ERRORS,
  type AdminBomHeaderAnswer,
  type AdminBomHistoryQuery,
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
  BOM_LINE_HISTORY_FIELDS,
  bomJobId,
  bomJobView,
  bomLineHistoryView,
  type BomJobView,
  type StoredBomLine,
} from '../../model/bom-job.js';
import { diffFields, editorOf, type HistoryEntry } from '../../model/change-history.js';
import { DEFAULT_PAGE_SIZE } from '../../model/constants.js';
import type { Page } from '../../model/paging.js';
import type { Principal } from '../../model/user.js';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { FileStore } from '../../platform/files/file-store.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { CataloguePort } from '../catalogue/catalogue.port.js';
import type { BomReader } from '../enquiries/bom-reader.js';
import { resultOf, type AdminBomJob, type AdminBomRepository } from './admin-bom.repository.js';
import { rematchedLines } from './admin-rematch.js';
import type { BomJobsRepository } from './bom-jobs.repository.js';
import { generatedDownload } from './generated-file.js';
import { changedLine, jobAfterLines } from './line-change.js';
import { lineSetFolder } from './line-set.task.js';
import { checkMap, newJob, type CheckedMap, type MapRequest } from './map-flow.js';
import { buildMatchedLines, rememberJobMapping } from './matched-lines.js';

/** The admin import above the synchronous ceiling (importTaskOwner, line-set.task.ts). */
export const BOM_IMPORT_TASK = 'bomImport';

const fail = { ...errorsOf(BOM_IMPORT_ERRORS), ...errorsOf(BOM_JOB_ERRORS) };

export interface AdminBomDeps {
  jobs: AdminBomRepository;
  lines: BomJobsRepository;
  reader: BomReader;
  catalogue: Pick<CataloguePort, 'matchContext' | 'matchableArticle' | 'manufacturerNames'>;
  memory: MappingMemoryStore;
  files: FileStore;
  tasks: Pick<TaskRunner, 'create' | 'start' | 'repo'>;
  transaction: RunTransaction;
  now: () => Date;
  log: { warn(message: string, data?: object): void };
}

/** The admin import's request: the uploaded file and the map request (the header row index checked: header-row.ts). */
export interface AdminBomImportRequest extends MapRequest {
  file: UploadedFile | undefined;
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
export class AdminBomService {
  constructor(private readonly d: AdminBomDeps) {}

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
    const [knownNames, entries] = await Promise.all([
      this.d.catalogue.manufacturerNames(),
      this.d.memory.listForCompany(principal.company.id),
    ]);
    const computed = suggestMapping(read.headers, 'bom', { rows: rows.slice(index, index + 200), knownNames });
    const first = firstSuggestion(read.headers, computed, entries);
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
   * POST /enquiry/bom/map?admin=true: the uploaded file read at the header row (the enquiries' BOM reader: 400, 415,
   * 422), then the map flow's checks (map-flow.ts: 400 with the engine's keys, 413 bomImportTooLarge); above the
   * synchronous ceiling the background task (202), else the lines are built, matched and stored with the result, and
   * the company remembers the mapping.
   */
  async import(principal: Principal, req: AdminBomImportRequest): Promise<AdminBomImportAnswer | AdminBomTaskStarted> {
    const { read, rows } = await this.rows(req.file, req.headerRowIndex);
    const checked = checkMap(rows, req, () => fail.bomImportTooLarge());
    if (checked.background) return this.startTask(principal, req.file!, read.bomFileName, checked);
    const { stored, counts } = await buildMatchedLines(this.d.catalogue, checked);
    const now = this.d.now();
    const set = {
      owner: 'adminImport' as const,
      ownerId: this.d.jobs.newId(),
      revision: 1,
      runId: this.d.lines.newRunId(),
    };
    const job: AdminBomJob = {
      ...newJob({ ...set, uid: principal.uid }, { ...checked, fileName: read.bomFileName }, counts, now),
      owner: 'adminImport',
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
   * background task (import-task.ts, kind `bomImport`); the result joins the history when it is switched in. Answers
   * the task the page follows (GET /admin/bom/task) and the result's id.
   */
  private async startTask(
    principal: Principal,
    file: UploadedFile,
    fileName: string,
    checked: CheckedMap,
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
      headerRowIndex: checked.headerRowIndex,
      mapping: checked.mapping,
      ...(checked.suppliedPartString ? { suppliedPartString: checked.suppliedPartString } : {}),
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

  /** GET /admin/bom/history: the result's reworks, newest first (who may read the result; 404 otherwise). */
  async changes(principal: Principal, id: string, page: number, size: number): Promise<Page<HistoryEntry>> {
    const job = await this.readable(principal, id);
    return this.d.jobs.changeHistory.page(job.id, page, size);
  }

  /** GET /admin/bom/lines: one page of a result's article table. */
  async lines(principal: Principal, q: AdminBomLinesQuery): Promise<Page<StoredBomLine> & { summary: BomJobView }> {
    const job = await this.readable(principal, q.id);
    const page = await this.d.lines.page(job.id, job.runId, q);
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
    return part === 'suppliedParts'
      ? generatedDownload(job, 'Beistellteile', files.suppliedParts)
      : generatedDownload(job, 'Stueckliste', files.main);
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
   * removes it) and line edits — the enquiry's line rules (line-change.ts) on the admin import's job. Decided
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
      // the rework's ONE history entry: the line's number and its fields from → to
      const changes = diffFields(bomLineHistoryView(before), bomLineHistoryView(line), BOM_LINE_HISTORY_FIELDS);
      const by = editorOf(principal);
      this.d.jobs.changeHistory.addInTx(
        tx,
        job.id,
        { by: by.uid, byName: by.name, kind: 'rework', changes, line: before.rowNumber },
        next.lastUpdate,
      );
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
    const { originals, redone } = await rematchedLines(this.d, job, line);
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
