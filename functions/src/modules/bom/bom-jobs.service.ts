import { generateCustomerBom, generateSupplierBom } from '../../bom/bom-export.js';
import { extractHeaders, suggestHeaderRow } from '../../bom/header.js';
import { firstSuggestion, type MappingMemoryStore } from '../../bom/mapping-memory.js';
import { resolveColumn, suggestMapping, toFieldMapping } from '../../bom/mapping.js';
import type { Download } from '../../http/send-download.js';
import type { FieldMapping } from '../../model/bom/fields.js';
import {
  BOM_JOB_ERRORS,
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
import { ApiError, errorsOf } from '../../platform/api-error.js';
import type { TaskRunner } from '../../platform/tasks/task-runner.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { CataloguePort } from '../catalogue/catalogue.port.js';
import { readBomRows } from '../enquiries/bom-reader.js';
import type { BomJobsRepository } from './bom-jobs.repository.js';
import type { BomOwner, BomOwnerRef, BomTarget, MappingFields } from './bom-owners.js';
import { generatedDownload } from './generated-file.js';
import { fieldMappingOf, headerRowIndexOf } from './header-row.js';
import { changedLine, jobAfterLines } from './line-change.js';
import { checkMap, newJob, type CheckedMap } from './map-flow.js';
import { buildMatchedLines, rememberJobMapping } from './matched-lines.js';

const fail = { ...errorsOf(BOM_JOB_ERRORS), ...errorsOf(ENQUIRY_ERRORS) };

/** The background mapping above the synchronous ceiling (map-task.ts). */
export const BOM_MAP_TASK = 'bomMap';

export interface BomJobsDeps {
  repo: BomJobsRepository;
  /** the record rules of each owner (bom-owners.ts) */
  owners: { enquiry: BomOwner; offer: BomOwner };
  catalogue: Pick<CataloguePort, 'matchContext' | 'matchableArticle' | 'manufacturerNames'>;
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
  owner(ref: BomOwnerRef): BomOwner {
    return ref.offerId ? this.d.owners.offer : this.d.owners.enquiry;
  }

  async rows(target: BomTarget): Promise<{ rows: string[][]; revision: number; fileName: string }> {
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
    const [knownNames, entries] = await Promise.all([
      this.d.catalogue.manufacturerNames(),
      this.d.memory.listForCompany(principal.company.id),
    ]);
    const computed = suggestMapping(headers, 'bom', { rows: rows.slice(index, index + 200), knownNames });
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
   * POST /enquiry/bom/map: the owner's rules, then the map flow's checks (map-flow.ts: 400 with the engine's keys,
   * 413 bomTooLarge); above the synchronous ceiling the background task (202), else the lines are built and matched,
   * stored as a new line set and — in one transaction with the owner's rules — the job points at it and the owner
   * saves mapping, header row, marker and summary. The old line set goes afterwards; the company remembers the mapping.
   */
  async map(principal: Principal, req: BomMapRequest): Promise<BomMapAnswer | { taskId: string }> {
    const target = await this.owner(req).editable(principal, req);
    const headerRowIndex = headerRowIndexOf(req.headerRowIndex, 'bomSave');
    const { rows, revision, fileName } = await this.rows(target);
    const checked = checkMap(
      rows,
      { headerRowIndex, mapping: fieldMappingOf(req.mapping), suppliedPartString: req.suppliedPartString },
      () => fail.bomTooLarge(),
    );
    if (checked.background) return { taskId: await this.startTask(principal, target, revision, checked) };
    const { job, stored, after } = await this.buildAndSave(principal, target, { ...checked, revision, fileName });
    return {
      ...after,
      summary: this.view(principal, job),
      lines: {
        content: stored.slice(0, DEFAULT_PAGE_SIZE).map((l) => this.lineView(principal, l)),
        totalElements: stored.length,
      },
    };
  }

  /** Above the synchronous ceiling: the same steps as a background task the panel follows (GET /enquiry/bom/job). */
  private async startTask(principal: Principal, target: BomTarget, revision: number, checked: CheckedMap) {
    const filePath = filePathOf(target);
    const params: BomMapTaskParams = {
      owner: target.owner,
      ownerId: target.ownerId,
      runId: this.d.repo.newRunId(),
      ...(filePath ? { filePath } : {}),
      ...refOf(target),
      revision,
      headerRowIndex: checked.headerRowIndex,
      mapping: checked.mapping,
      ...(checked.suppliedPartString ? { suppliedPartString: checked.suppliedPartString } : {}),
      uid: principal.uid,
      companyId: principal.company.id,
      name: principal.user.name ?? '',
      lastname: principal.user.lastname ?? '',
    };
    const taskId = await this.d.tasks.create({ kind: BOM_MAP_TASK, params, createdBy: principal.uid });
    await this.d.tasks.start(taskId);
    return taskId;
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
    input: CheckedMap & { revision: number; fileName: string },
  ): Promise<{ job: BomJob; stored: StoredBomLine[]; after: Awaited<ReturnType<BomOwner['saveMapping']>> }> {
    const { stored, counts } = await buildMatchedLines(this.d.catalogue, input);
    const runId = this.d.repo.newRunId();
    const job = newJob({ ...target, revision: input.revision, runId, uid: principal.uid }, input, counts, this.d.now());
    await this.d.repo.writeLines(job.id, job.runId, stored);
    let previous: BomJob | undefined;
    let after: Awaited<ReturnType<BomOwner['saveMapping']>>;
    try {
      after = await this.owner(refOf(target)).saveMapping(
        principal,
        target,
        input.revision,
        mappingFieldsOf(job),
        async (tx) => {
          previous = await this.d.repo.getInTx(tx, job.id);
          this.d.repo.setInTx(tx, job);
        },
      );
    } catch (error) {
      await this.d.repo.deleteRun(job.id, job.runId);
      throw error;
    }
    if (previous && previous.runId !== job.runId) await this.quietly(this.d.repo.deleteRun(job.id, previous.runId));
    await this.remember(principal.company.id, job);
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
    const page = await this.d.repo.page(job.id, job.runId, q);
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
    if (principal.companyType !== 'SUPPLIER') return generatedDownload(job, 'Kunde', generateCustomerBom(lines));
    const files = generateSupplierBom(lines);
    return part === 'suppliedParts'
      ? generatedDownload(job, 'Beistellteile', files.suppliedParts)
      : generatedDownload(job, 'Lieferant', files.main);
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

  /** After a mapping is saved: the company remembers it for its next file with these headers (matched-lines.ts). */
  remember(companyId: string, job: BomJob): Promise<void> {
    return rememberJobMapping(this.d, companyId, job);
  }

  /** Follow-up work after the decision committed: a failure is logged, never undoes the mapping. */
  private async quietly(p: Promise<unknown>): Promise<void> {
    try {
      await p;
    } catch (error) {
      this.d.log.warn('bom: follow-up failed', { error: String(error) });
    }
  }
}

/** The stored file of the revision the target maps (it changes with every upload, even of the same revision). */
export const filePathOf = (t: BomTarget) => t.enquiry.bomRevisions.find((r) => r.revision === t.revision)?.path;

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

/** What an owner saves with a mapping: the job's mapping, header row, headers and summary. */
export function mappingFieldsOf(job: BomJob): MappingFields {
  return {
    fieldMapping: job.fieldMapping,
    bomHeaderRowIndex: job.bomHeaderRowIndex,
    headers: job.headers,
    bomSummary: summaryOf(job),
    ...(job.suppliedPartString ? { suppliedPartString: job.suppliedPartString } : {}),
  };
}
