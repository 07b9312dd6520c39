import { Readable } from 'node:stream';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { Download } from '../../http/send-download.js';
import { generateCustomerBom, generateSupplierBom } from '../../bom/bom-export.js';
import { extractHeaders, suggestHeaderRow, validateHeaderRowIndex } from '../../bom/header.js';
import { firstSuggestion, type MappingMemoryStore } from '../../bom/mapping-memory.js';
import { resolveColumn, suggestMapping, toFieldMapping, validateMapping } from '../../bom/mapping.js';
import type { FieldMapping } from '../../model/bom/fields.js';
import {
  BOM_JOB_ERRORS,
  BOM_SYNC_MAX_LINES,
  BOM_TASK_MAX_LINES,
  bomJobId,
  bomJobView,
  CUSTOMER_ARTICLE_FIELDS,
  type BomJob,
  type BomJobSummary,
  type BomJobView,
  type BomLineUpdate,
  type BomLinesQuery,
  type BomMapAnswer,
  type BomMapRequest,
  type BomMappingProposal,
  type BomMapTaskParams,
  type StoredBomLine,
} from '../../model/bom-job.js';
import { DEFAULT_PAGE_SIZE } from '../../model/constants.js';
import { ENQUIRY_ERRORS } from '../../model/enquiry.js';
import type { Page } from '../../model/paging.js';
import type { Principal } from '../../model/user.js';
import { TaskFailure } from '../../platform/tasks/task-kind.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import type { RunTransaction } from '../../platform/transaction.js';
import { isValidId } from '../../model/id.js';
import type { CataloguePort } from '../catalogue/catalogue.port.js';
import { readBomRows } from '../enquiries/bom-reader.js';
import type { BomOwner, BomOwnerRef, BomTarget } from './bom-owners.js';
import type { BomJobsRepository } from './bom-jobs.repository.js';
import { changedLine, jobAfterLines } from './line-change.js';
import { buildMatchedLines, rememberJobMapping } from './matched-lines.js';
import type { LineSetOwner } from './line-set.task.js';

const fail = { ...errorsOf(BOM_JOB_ERRORS), ...errorsOf(ENQUIRY_ERRORS) };

/** The background mapping above the synchronous ceiling (bom-map.task.ts). */
export const BOM_MAP_TASK = 'bomMap';

export interface BomJobsDeps {
  repo: BomJobsRepository;
  /** the record rules of each owner (bom-owners.ts) */
  owners: { enquiry: BomOwner; offer: BomOwner };
  catalogue: Pick<CataloguePort, 'matchContext' | 'matchableArticle'>;
  memory: MappingMemoryStore;
  transaction: RunTransaction;
  tasks: Pick<TaskRunner, 'create' | 'start' | 'repo'>;
  now: () => Date;
  log: { warn(message: string, data?: object): void };
}

/** The customer's view of a line: the matched article without catalogue prices (docs/decisions-bom.md). */
function customerLine(l: StoredBomLine): StoredBomLine {
  if (!l.matchedArticle) return l;
  const a: Record<string, unknown> = {};
  for (const f of CUSTOMER_ARTICLE_FIELDS) if (l.matchedArticle[f] !== undefined) a[f] = l.matchedArticle[f];
  return { ...l, matchedArticle: a as unknown as StoredBomLine['matchedArticle'] };
}

/** Does a saved mapping still name the columns of `headers`? */
function fitsHeaders(mapping: FieldMapping, headers: readonly string[]): boolean {
  return mapping.length > 0 && mapping.every((m) => resolveColumn(m, headers) >= 0);
}

/**
 * BOM jobs of enquiries (spec 02 §2 mapping panel, §3 BOM job/line, §4, §7 "Enquiry BOM", §9): the mapping of the
 * stored current file, its lines matched against the catalogue in Firestore and stored apart from the enquiry, the
 * paged article table, manual matches and line edits, and the generated files in the caller's format. The record
 * rules are the enquiry's (its area's accessors); a job is keyed by owner and id, so offers and the admin import
 * reuse the line store and the map/match steps (docs/decisions-bom.md).
 */
export class BomJobsService {
  constructor(private readonly d: BomJobsDeps) {}

  /** The owner a call is about: the offer when it names one, else the enquiry. */
  private owner(ref: BomOwnerRef): BomOwner {
    return ref.offerId ? this.d.owners.offer : this.d.owners.enquiry;
  }

  private async rows(target: BomTarget): Promise<{ rows: string[][]; revision: number; fileName: string }> {
    const file = await this.owner(refOf(target)).file(target);
    return { rows: await readBomRows(file.bytes, file.fileName), revision: file.revision, fileName: file.fileName };
  }

  /** The job serving the owner's revision, or undefined (never mapped, or a new file since). */
  private async currentJob(target: BomTarget): Promise<BomJob | undefined> {
    const job = await this.d.repo.get(bomJobId(target.owner, target.ownerId));
    return job && target.linesCount(job.revision) ? job : undefined;
  }

  /**
   * The mapping the owner saved: the enquiry's fields; an offer's job, else the mapping its customer saved for the
   * same revision (the supplier starts from it).
   */
  private async saved(target: BomTarget): Promise<BomTarget['saved']> {
    if (target.owner === 'enquiry') return target.saved;
    return (await this.currentJob(target)) ?? target.saved;
  }

  /**
   * GET /enquiry/bom/mapping: what the Map panel starts with (for the header row asked, else the saved one) — the
   * owner's saved mapping while it fits the header row, else the company's remembered mapping for these headers, else the engine's suggestion by name and content.
   */
  async proposal(principal: Principal, ref: BomOwnerRef & { headerRowIndex?: number }): Promise<BomMappingProposal> {
    const target = await this.owner(ref).editable(principal, ref);
    const saved = await this.saved(target);
    const { rows } = await this.rows(target);
    const index = ref.headerRowIndex ?? saved.bomHeaderRowIndex ?? suggestHeaderRow(rows).headerRowIndex;
    const extracted = extractHeaders(rows, index);
    const headers = extracted.issue ? [] : extracted.headers;
    if (saved.fieldMapping && fitsHeaders(saved.fieldMapping, headers))
      return {
        headers,
        bomHeaderRowIndex: index,
        mapping: saved.fieldMapping,
        source: 'saved',
        ...(saved.suppliedPartString ? { suppliedPartString: saved.suppliedPartString } : {}),
      };
    const computed = suggestMapping(headers, 'bom', { rows: rows.slice(index, index + 200) });
    const entries = await this.d.memory.listForCompany(principal.company.id);
    const first = firstSuggestion(headers, computed, entries);
    const supplied = first.remembered?.entry.suppliedPartString;
    return {
      headers,
      bomHeaderRowIndex: index,
      mapping: toFieldMapping(first.suggestions),
      source: first.remembered ? 'remembered' : 'computed',
      ...(supplied ? { suppliedPartString: supplied } : {}),
    };
  }

  /**
   * POST /enquiry/bom/map: validates the header row and the mapping with the engine (400 with its keys), refuses
   * more lines than the synchronous ceiling (413 bomTooLarge), builds and matches the lines, stores them as a new
   * line set, then — in one transaction with the enquiry's rules — points the job at it and saves mapping, header
   * row, marker and summary on the enquiry. The old line set goes afterwards; the company remembers the mapping.
   */
  async map(principal: Principal, req: BomMapRequest): Promise<BomMapAnswer | { taskId: string }> {
    const target = await this.owner(req).editable(principal, req);
    const indexProblem = validateHeaderRowIndex(req.headerRowIndex, 'bomSave');
    if (indexProblem) throw ApiError.badRequest('validation', [{ path: 'headerRowIndex', key: indexProblem }]);
    const { rows, revision, fileName } = await this.rows(target);
    const headerRowIndex = req.headerRowIndex;
    const extracted = extractHeaders(rows, headerRowIndex);
    if (extracted.issue) throw ApiError.badRequest('validation', [{ path: 'headerRowIndex', key: extracted.issue }]);
    const headers = extracted.headers;
    const mapping: FieldMapping = req.mapping.map((m) => ({
      ...(m.columnIndex !== undefined ? { columnIndex: m.columnIndex } : {}),
      importHeader: m.importHeader ?? '',
      articleField: m.articleField as FieldMapping[number]['articleField'],
    }));
    const issues = validateMapping(mapping, 'bom', headers);
    if (issues.length)
      throw ApiError.badRequest(
        'validation',
        issues.map((i) => ({ path: 'mapping', key: i.key })),
      );
    const dataRows = rows.length - headerRowIndex;
    if (dataRows > BOM_TASK_MAX_LINES) throw fail.bomTooLarge();
    const suppliedPartString = req.suppliedPartString || undefined;
    if (dataRows > BOM_SYNC_MAX_LINES) {
      // above the synchronous ceiling: the same steps as a background task the panel follows (GET /enquiry/bom/job)
      const params: BomMapTaskParams = {
        owner: target.owner,
        ownerId: target.ownerId,
        runId: this.d.repo.newRunId(),
        ...(filePathOf(target) ? { filePath: filePathOf(target) } : {}),
        ...refOf(target),
        revision,
        headerRowIndex,
        mapping,
        ...(suppliedPartString ? { suppliedPartString } : {}),
        uid: principal.uid,
        companyId: principal.company.id,
        name: principal.user.name ?? '',
        lastname: principal.user.lastname ?? '',
      };
      const taskId = await this.d.tasks.create({ kind: BOM_MAP_TASK, params, createdBy: principal.uid });
      await this.d.tasks.start(taskId);
      return { taskId };
    }
    const { job, stored, after } = await this.buildAndSave(principal, target, {
      rows,
      revision,
      fileName,
      headers,
      mapping,
      headerRowIndex,
      suppliedPartString,
    });
    return {
      ...after,
      summary: this.view(principal, job),
      lines: {
        content: stored.slice(0, DEFAULT_PAGE_SIZE).map((l) => this.lineView(principal, l)),
        totalElements: stored.length,
      },
    };
  }

  /**
   * The task path (bom-map.task.ts, line-set.task.ts): the stored request, run as the user who saved it; the owner's
   * rules are checked before every chunk and again in the switch's transaction (a locked or replaced BOM ends the
   * task `failed` with nothing switched).
   */
  mapTaskOwner(): LineSetOwner<BomMapTaskParams> {
    const principalOf = (p: BomMapTaskParams) =>
      ({
        uid: p.uid,
        user: { id: p.uid, name: p.name, lastname: p.lastname },
        company: { id: p.companyId },
        // the enquiry's customer maps his enquiry, the offer's supplier his offer
        companyType: p.offerId ? 'SUPPLIER' : 'CUSTOMER',
        admin: false,
        platformAdmin: false,
      }) as unknown as Principal;
    const asFailure = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof ApiError) throw new TaskFailure(error.code);
        throw error;
      }
    };
    const target = (p: BomMapTaskParams) =>
      asFailure(async () => {
        const t = await this.owner(p).editable(principalOf(p), p);
        if (t.revision !== p.revision || (p.filePath !== undefined && filePathOf(t) !== p.filePath))
          throw new TaskFailure('bomChanged');
        return t;
      });
    return {
      kind: BOM_MAP_TASK,
      valid: (p) =>
        (p.owner === 'enquiry' || p.owner === 'offer') &&
        isValidId(p.enquiryId) &&
        (p.offerId === undefined || isValidId(p.offerId)) &&
        p.ownerId === (p.offerId ?? p.enquiryId) &&
        isValidId(p.companyId),
      check: async (p) => void (await target(p)),
      read: async (p) => {
        const t = await target(p);
        const { rows, revision, fileName } = await asFailure(() => this.rows(t));
        if (revision !== p.revision) throw new TaskFailure('bomChanged');
        return { rows, fileName };
      },
      switchTo: async (p, job, also) => {
        const t = await target(p);
        await asFailure(() =>
          this.owner(p).saveMapping(
            principalOf(p),
            t,
            p.revision,
            {
              fieldMapping: job.fieldMapping,
              bomHeaderRowIndex: job.bomHeaderRowIndex,
              headers: job.headers,
              bomSummary: summaryOf(job),
              ...(job.suppliedPartString ? { suppliedPartString: job.suppliedPartString } : {}),
            },
            (tx) => also(tx, job),
          ),
        );
      },
      after: (p, job) => rememberJobMapping(this.d, p.companyId, job),
    };
  }

  /** GET /enquiry/bom/job: how a background mapping of this enquiry or offer goes (whoever sees its lines). */
  async taskState(principal: Principal, ref: BomOwnerRef, taskId: string) {
    await this.owner(ref).seen(principal, ref);
    const task = await this.d.tasks.repo.get(taskId);
    const params = task?.params as { enquiryId?: string; offerId?: string } | undefined;
    if (
      !task ||
      task.kind !== BOM_MAP_TASK ||
      params?.enquiryId !== ref.enquiryId ||
      (params?.offerId ?? '') !== (ref.offerId ?? '')
    )
      throw ApiError.notFound();
    return { state: task.state, progress: task.progress, ...(task.error ? { error: task.error.code } : {}) };
  }

  private async buildAndSave(
    principal: Principal,
    target: BomTarget,
    input: {
      rows: string[][];
      revision: number;
      fileName: string;
      headers: string[];
      mapping: FieldMapping;
      headerRowIndex: number;
      suppliedPartString?: string;
    },
  ): Promise<{ job: BomJob; stored: StoredBomLine[]; after: Awaited<ReturnType<BomOwner['saveMapping']>> }> {
    const { revision, fileName, headers, mapping, headerRowIndex, suppliedPartString } = input;
    const { stored, counts } = await buildMatchedLines(this.d.catalogue, input);
    const now = this.d.now();
    const jobId = bomJobId(target.owner, target.ownerId);
    const job: BomJob = {
      id: jobId,
      owner: target.owner,
      ownerId: target.ownerId,
      revision,
      runId: this.d.repo.newRunId(),
      bomFileName: fileName,
      headers,
      fieldMapping: mapping,
      bomHeaderRowIndex: headerRowIndex,
      ...(suppliedPartString ? { suppliedPartString } : {}),
      ...counts,
      mappedAt: now,
      mappedBy: principal.uid,
    };
    await this.d.repo.writeLines(jobId, job.runId, stored);
    let previous: BomJob | undefined;
    let after: Awaited<ReturnType<BomOwner['saveMapping']>>;
    try {
      after = await this.owner(refOf(target)).saveMapping(
        principal,
        target,
        revision,
        {
          fieldMapping: mapping,
          bomHeaderRowIndex: headerRowIndex,
          headers,
          bomSummary: summaryOf(job),
          ...(suppliedPartString ? { suppliedPartString } : {}),
        },
        async (tx) => {
          previous = await this.d.repo.getInTx(tx, jobId);
          this.d.repo.setInTx(tx, job);
        },
      );
    } catch (error) {
      await this.d.repo.deleteRun(jobId, job.runId);
      throw error;
    }
    if (previous && previous.runId !== job.runId) await this.quietly(this.d.repo.deleteRun(jobId, previous.runId));
    await rememberJobMapping(this.d, principal.company.id, job);
    return { job, stored, after };
  }

  /**
   * GET /enquiry/bom/summary: the summary of the owner's current job, or null while it is not mapped (the offer's
   * panel: an offer keeps no summary on its record).
   */
  async summary(principal: Principal, ref: BomOwnerRef): Promise<{ summary: BomJobView | null }> {
    const job = await this.currentJob(await this.owner(ref).seen(principal, ref));
    return { summary: job ? this.view(principal, job) : null };
  }

  /** GET /enquiry/bom/lines: one page of the article table (whoever sees the enquiry). */
  async lines(principal: Principal, q: BomLinesQuery): Promise<Page<StoredBomLine> & { summary: BomJobView }> {
    const target = await this.owner(q).seen(principal, q);
    const job = await this.currentJob(target);
    if (!job) throw fail.bomNotMapped();
    const page = await this.d.repo.page(job.id, job.runId, {
      errorsOnly: q.errorsOnly,
      replacedOnly: q.replacedOnly,
      column: q.column,
      sortDescending: q.sortDescending,
      page: q.page,
      size: q.paginationSize,
    });
    return {
      content: page.content.map((l) => this.lineView(principal, l)),
      totalElements: page.totalElements,
      summary: this.view(principal, job),
    };
  }

  /**
   * POST /enquiry/bom/line: a manual match (sets matchedArticle and manualReplacement, spec §4) or its removal, and
   * line edits (`edited`). Decided inside one transaction on the enquiry (its rules), the job and the line; the
   * counts, the success rate and the estimate follow.
   */
  async updateLine(
    principal: Principal,
    req: BomLineUpdate,
  ): Promise<{ line: StoredBomLine; summary: BomJobView; bomSummary: BomJobSummary }> {
    const article =
      req.matchedArticleId && (await this.d.catalogue.matchableArticle(req.matchedArticleId).catch(() => undefined));
    if (req.matchedArticleId && !article) throw fail.bomArticleUnknown();
    const owner = this.owner(req);
    return this.d.transaction(async (tx) => {
      const target = await owner.editableInTx(tx, principal, req);
      const jobId = bomJobId(target.owner, target.ownerId);
      const job = await this.d.repo.getInTx(tx, jobId);
      if (!job || !target.linesCount(job.revision)) throw fail.bomNotMapped();
      const before = await this.d.repo.getLineInTx(tx, jobId, job.runId, req.lineId);
      if (!before) throw ApiError.notFound();
      const line = changedLine(before, req, article || undefined);
      const next = jobAfterLines(job, [[before, line]]);
      const bomSummary = summaryOf(next);
      this.d.repo.setLineInTx(tx, jobId, job.runId, line);
      this.d.repo.setInTx(tx, next);
      owner.setSummaryInTx(tx, target, bomSummary);
      return { line: this.lineView(principal, line), summary: this.view(principal, next), bomSummary };
    });
  }

  /**
   * GET /enquiry/bom/generated: the generated file in the CALLER's format, whatever the request asks (spec §6, §9):
   * customers the customer format (no prices), suppliers the supplier format — `part=suppliedParts` for the second
   * file of the supplied parts.
   */
  async generated(principal: Principal, ref: BomOwnerRef, part: 'main' | 'suppliedParts'): Promise<Download> {
    const target = await this.owner(ref).seen(principal, ref);
    const job = await this.currentJob(target);
    if (!job) throw fail.bomNotMapped();
    const lines: StoredBomLine[] = [];
    for await (const l of this.d.repo.all(job.id, job.runId)) lines.push(l);
    const base = (job.bomFileName.replace(/\.[^.]*$/, '') || 'Stueckliste').slice(0, 100);
    let bytes: Uint8Array;
    let filename: string;
    if (principal.companyType === 'SUPPLIER') {
      const files = generateSupplierBom(lines);
      bytes = part === 'suppliedParts' ? files.suppliedParts : files.main;
      filename = `${base}_${part === 'suppliedParts' ? 'Beistellteile' : 'Lieferant'}.csv`;
    } else {
      bytes = generateCustomerBom(lines);
      filename = `${base}_Kunde.csv`;
    }
    return {
      filename,
      contentType: 'text/csv; charset=utf-8',
      size: bytes.byteLength,
      stream: Readable.from([Buffer.from(bytes)]),
    };
  }

  /** After a new file or the BOM's delete (enquiries' bomReplaced): the job and its lines go. */
  async discard(enquiry: { id: string; lastUpdate: Date }): Promise<void> {
    const jobId = bomJobId('enquiry', enquiry.id);
    let job: BomJob | undefined;
    await this.d.transaction(async (tx) => {
      job = await this.d.repo.getInTx(tx, jobId);
      // a mapping made after this change (of the new file) stays
      if (job && job.mappedAt.getTime() <= enquiry.lastUpdate.getTime()) this.d.repo.deleteInTx(tx, jobId);
      else job = undefined;
    });
    if (job) await this.d.repo.deleteRun(jobId, job.runId);
  }

  private view(principal: Principal, job: BomJob): BomJobView {
    return bomJobView(job, principal.companyType !== 'CUSTOMER');
  }

  private lineView(principal: Principal, line: StoredBomLine): StoredBomLine {
    return principal.companyType === 'CUSTOMER' ? customerLine(line) : line;
  }

  /** Follow-up work after the decision committed: a failure is logged, never undoes the mapping. */
  private async quietly(p: Promise<unknown>): Promise<void> {
    try {
      await p;
    } catch (error) {
      this.d.log.warn('bom-jobs: follow-up failed', { error: String(error) });
    }
  }
}

/** The stored file of the revision the target maps (it changes with every upload, even of the same revision). */
const filePathOf = (t: BomTarget) => t.enquiry.bomRevisions.find((r) => r.revision === t.revision)?.path;

/** The owner reference of a target (the calls' `enquiryId` and `offerId`). */
function refOf(target: BomTarget): BomOwnerRef {
  return target.owner === 'offer'
    ? { enquiryId: target.enquiry.id, offerId: target.ownerId }
    : { enquiryId: target.enquiry.id };
}

function summaryOf(job: BomJob): BomJobSummary {
  return {
    revision: job.revision,
    lineCount: job.lineCount,
    errorCount: job.errorCount,
    successRate: job.successRate,
    mappedAt: job.mappedAt,
  };
}
