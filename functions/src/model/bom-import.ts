import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import type { BomErrorType } from './bom/bom-error.js';
import type { FieldMapping } from './bom/fields.js';
import type { PriceEstimate } from './bom/price.js';
import {
  BOM_LINE_COLUMNS,
  bomLineIdSchema,
  bomLineUpdateSchema,
  type LineSetParams,
  type StoredBomLine,
} from './bom-job.js';
import { MAX_IDS_PER_CALL } from './catalogue.js';
import { bodyIdSchema, idSchema } from './id.js';
import { commaList, pageRequestSchema } from './paging.js';
import { VALIDATION_KEYS as V } from './validation.js';

/**
 * The administrators' BOM import (spec 02 §2 /import/stueckliste, §3 "BOM result (admin import)", §7 "Admin BOM
 * results"; docs/decisions-bom.md "Admin BOM import"): a BOM file mapped and matched against the catalogue without an
 * enquiry, stored as the BOM job `adminImport_{resultId}` with its lines, listed in the history. Isomorphic.
 */

export const BOM_IMPORT_ERRORS = defineErrors({
  /** more data rows than the background import takes (BOM_TASK_MAX_LINES) */
  bomImportTooLarge: 413,
});

/** A BOM result as the history and the page show it (the lines are served apart: GET /admin/bom/lines). */
export interface AdminBomResult {
  id: string;
  bomFileName: string;
  headers: string[];
  fieldMapping: FieldMapping;
  bomHeaderRowIndex: number;
  suppliedPartString?: string;
  lineCount: number;
  errorCount: number;
  successRate: number;
  errorsByType: Record<BomErrorType, number>;
  /** 102–130 % of the summed line prices, supplied parts ignored (EUR) */
  estimate: PriceEstimate;
  createdBy: string;
  createdByName: string;
  createDate: Date;
  lastUpdate: Date;
}

/** What the import (POST /enquiry/bom/map?admin=true) answers: the result and the first page of its lines. */
export interface AdminBomImportAnswer {
  result: AdminBomResult;
  lines: { content: StoredBomLine[]; totalElements: number };
}

/** What POST /admin/bom/header answers: the file's headers and the mapping the panel starts with. */
export interface AdminBomHeaderAnswer {
  bomFileName: string;
  headers: string[];
  bomHeaderRowIndex: number;
  suggestedHeaderRowIndex: number;
  mapping: FieldMapping;
  source: 'remembered' | 'computed';
  suppliedPartString?: string;
}

/** The history's sortable columns and their stored fields. */
export const ADMIN_BOM_SORT_FIELDS = {
  createDate: 'createDate',
  bomFileName: 'bomFileName',
  successRate: 'successRate',
} as const;
export type AdminBomColumn = keyof typeof ADMIN_BOM_SORT_FIELDS;
const ADMIN_BOM_COLUMNS = Object.keys(ADMIN_BOM_SORT_FIELDS) as AdminBomColumn[];

/** GET /admin/bom/all/simple: the paging contract (newest first without a column). */
export const adminBomHistoryQuerySchema = pageRequestSchema(ADMIN_BOM_COLUMNS, {});
export type AdminBomHistoryQuery = yup.InferType<typeof adminBomHistoryQuerySchema>;

/** GET /admin/bom/?id and GET /admin/bom/generated. */
export const adminBomIdQuerySchema = yup.object({ id: idSchema });
export const adminBomGeneratedQuerySchema = yup.object({
  id: idSchema,
  part: yup.string().oneOf(['main', 'suppliedParts'], V.oneOf).default('main'),
});

/** GET /admin/bom/lines: the article table of one result (paging contract, errors only, replaced only). */
export const adminBomLinesQuerySchema = pageRequestSchema(BOM_LINE_COLUMNS, {
  id: idSchema,
  errorsOnly: yup.boolean().typeError(V.type).default(false),
  replacedOnly: yup.boolean().typeError(V.type).default(false),
});
export type AdminBomLinesQuery = yup.InferType<typeof adminBomLinesQuerySchema>;

/** GET /admin/bom/delete?adminBOMResultIds=a,b: 1..MAX_IDS_PER_CALL ids. */
export const adminBomDeleteQuerySchema = yup.object({
  adminBOMResultIds: commaList(idSchema, MAX_IDS_PER_CALL).required(V.required).min(1, V.min),
});

/**
 * POST /admin/bom/line: a manual match on a line of a result (`matchedArticleId` from GET /article/search, `null`
 * removes it) and/or line edits — the enquiry's line call (POST /enquiry/bom/line) with the result's `id` instead of
 * enquiry and offer.
 */
export const adminBomLineUpdateSchema = bomLineUpdateSchema.omit(['enquiryId', 'offerId']).shape({ id: bodyIdSchema });
export type AdminBomLineUpdate = yup.InferType<typeof adminBomLineUpdateSchema>;

/** POST /admin/bom/rematch: match a line again (after its catalogue article was edited) and the lines like it. */
export const adminBomRematchSchema = yup.object({
  id: bodyIdSchema,
  lineId: bomLineIdSchema,
});
export type AdminBomRematch = yup.InferType<typeof adminBomRematchSchema>;

/**
 * At most this many lines are matched again in one re-match (the line, the lines with its order or manufacturer
 * number as the file writes it, and the lines matched to its article): one transaction writes them all.
 */
export const ADMIN_BOM_REMATCH_MAX_LINES = 200;

/** What POST /admin/bom/line answers: the line as stored and the result with its new counts and estimate. */
export interface AdminBomLineAnswer {
  line: StoredBomLine;
  result: AdminBomResult;
}

/** What POST /admin/bom/rematch answers: the result with its new counts and the lines matched again. */
export interface AdminBomRematchAnswer {
  result: AdminBomResult;
  lines: StoredBomLine[];
}

/**
 * What the admin import's background task stores (above BOM_SYNC_MAX_LINES): the line set's part (owner
 * 'adminImport', ownerId = the result's id; modules/bom/line-set.task.ts) and the uploaded file it reads.
 */
export interface AdminBomTaskParams extends LineSetParams {
  owner: 'adminImport';
  companyId: string;
  createdByName: string;
  fileName: string;
  /** the uploaded file, kept until the task ends */
  sourcePath: string;
}

/** POST /enquiry/bom/map?admin=true above the synchronous ceiling (202): the task the page follows. */
export interface AdminBomTaskStarted {
  taskId: string;
  resultId: string;
}

/** GET /admin/bom/task: how a background import goes; `resultId` names the result once it is in the history. */
export interface AdminBomTaskState {
  state: 'queued' | 'running' | 'done' | 'failed' | 'aborted';
  progress: { done: number; total: number | null; percent: number | null };
  resultId: string;
  error?: string;
}

export const adminBomTaskQuerySchema = yup.object({ taskId: idSchema });
