import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import type { BomErrorType } from './bom/bom-error.js';
import { BOM_LINE_TEXT_MAX_LENGTH, type BomLine, type MatchableArticle } from './bom/bom-line.js';
import { BOM_MAPPABLE_FIELDS, type FieldMapping } from './bom/fields.js';
import {
  formatEur,
  PRICE_RANGE_MAX_FACTOR,
  PRICE_RANGE_MIN_FACTOR,
  roundTo2,
  type PriceEstimate,
} from './bom/price.js';
import { bodyIdSchema, idSchema, optionalBodyIdSchema, optionalIdSchema } from './id.js';
import { pageRequestSchema } from './paging.js';
import { flag, line, VALIDATION_KEYS as V, withLimits } from './validation.js';

/**
 * BOM jobs (spec 02 §3 "BOM job", "BOM line"; §4; §9; issue 24): a mapped BOM of an owner (the enquiry, the offer,
 * the admin import) and its lines, stored apart from the owner (docs/decisions-bom.md), and the enquiry's and offer's
 * calls; the admin result's calls are model/bom-import.ts. Isomorphic: the web's panel and table use the same types,
 * columns and rules.
 */

/** Who a BOM job belongs to; the job's id is `{owner}_{ownerId}`. */
export type BomJobOwner = 'enquiry' | 'offer' | 'adminImport';

/**
 * The synchronous ceiling: a BOM with more data rows below its header is mapped as a background task (202).
 * Measured (docs/decisions-bom.md "Synchronous ceiling"): 5 000 lines map, match and store in well under the 60 s
 * that Hosting and the function allow.
 */
export const BOM_SYNC_MAX_LINES = 5000;
/**
 * Above the synchronous ceiling the map runs as a background task (in chunks of a few hundred lines, with real
 * progress: modules/bom/line-set.task.ts) up to this many data rows; above it 413 bomTooLarge.
 */
export const BOM_TASK_MAX_LINES = 50_000;

/** What every line-set task stores (modules/bom/line-set.task.ts); an owner adds who maps and which file. */
export interface LineSetParams {
  owner: BomJobOwner;
  ownerId: string;
  /** the BOM revision read (the admin import: 1) */
  revision: number;
  /** the new line set: `bomJobs/{owner}_{ownerId}/runs/{runId}` (chosen when the task is created) */
  runId: string;
  headerRowIndex: number;
  mapping: FieldMapping;
  suppliedPartString?: string;
  /** who mapped (the job's mappedBy) */
  uid: string;
}

/** What a background mapping of an enquiry's or offer's BOM stores (the task acts as the user who saved it). */
export interface BomMapTaskParams extends LineSetParams {
  owner: 'enquiry' | 'offer';
  /**
   * the stored file of `revision` when the task was created: before the first release a new upload replaces
   * revision 1 in place, so the revision alone does not tell that the file changed
   */
  filePath?: string;
  enquiryId: string;
  /** an offer's BOM (the supplier maps the revision his offer priced) */
  offerId?: string;
  companyId: string;
  name: string;
  lastname: string;
}

export const BOM_JOB_ERRORS = defineErrors({
  /** no mapped lines for the current file (map first) */
  bomNotMapped: 409,
  /** another file became current while the mapping ran */
  bomChanged: 409,
  /** more lines than even the background mapping takes (BOM_TASK_MAX_LINES) */
  bomTooLarge: 413,
  /** the manual match names an article that does not exist */
  bomArticleUnknown: 422,
});

/** The small summary the owner record keeps (the enquiry's `bomSummary`). */
export interface BomJobSummary {
  /** the BOM revision the lines were read from */
  revision: number;
  lineCount: number;
  errorCount: number;
  /** percent with 2 decimals (spec §9) */
  successRate: number;
  mappedAt: Date;
}

/** The job document: what was mapped, how, and the full summary (errors by type, the estimate). */
export interface BomJob {
  /** `{owner}_{ownerId}` */
  id: string;
  owner: BomJobOwner;
  ownerId: string;
  revision: number;
  /** the line set currently served (lines live under `bomJobs/{id}/runs/{runId}/bomLines`) */
  runId: string;
  bomFileName: string;
  headers: string[];
  fieldMapping: FieldMapping;
  bomHeaderRowIndex: number;
  suppliedPartString?: string;
  lineCount: number;
  errorCount: number;
  successRate: number;
  errorsByType: Record<BomErrorType, number>;
  /** the sum of the line prices (non-supplied lines), in cents: the estimate follows it on every line edit */
  totalCents: number;
  mappedAt: Date;
  mappedBy: string;
}

export const bomJobId = (owner: BomJobOwner, ownerId: string) => `${owner}_${ownerId}`;

/** A stored line: the engine's line plus its id (zero-padded row number). */
export interface StoredBomLine extends BomLine {
  id: string;
}

/** The estimated price range (102–130 %) from the summed line prices (model/bom/price.ts `estimatePrice`). */
export function estimateFromCents(cents: number): PriceEstimate {
  const total = cents / 100;
  const min = roundTo2(total * PRICE_RANGE_MIN_FACTOR);
  const max = roundTo2(total * PRICE_RANGE_MAX_FACTOR);
  return { total, min, max, formatted: `${formatEur(min)} – ${formatEur(max)}` };
}

/** Success rate from counts (spec §9: lines without bomError, percent, 2 decimals). */
export function successRateOf(lineCount: number, errorCount: number): number {
  return lineCount ? roundTo2(((lineCount - errorCount) / lineCount) * 100) : 0;
}

/**
 * What a customer sees of a line's matched article: numbers, manufacturer, description, unit — no catalogue price,
 * discount group or ERP number (docs/decisions-bom.md "Price visibility"). Suppliers see the spec's supplier-file
 * values as well.
 */
export const CUSTOMER_ARTICLE_FIELDS = [
  'id',
  'orderNumber',
  'manufacturerNumber',
  'manufacturerId',
  'manufacturerName',
  'description',
  'unitName',
] as const satisfies ReadonlyArray<keyof MatchableArticle>;

/** The sortable columns of the article table (spec §9 sortable columns that a line has) and the stored field. */
export const BOM_LINE_SORT_FIELDS = {
  rowNumber: 'rowNumber',
  orderNumber: 'orderNumberSort',
  manufacturerNumber: 'manufacturerNumberSort',
  manufacturer: 'manufacturerSort',
  quantity: 'quantity',
} as const;
export type BomLineColumn = keyof typeof BOM_LINE_SORT_FIELDS;
export const BOM_LINE_COLUMNS = Object.keys(BOM_LINE_SORT_FIELDS) as BomLineColumn[];

const ownerQuery = {
  enquiryId: idSchema,
  /** the offer's BOM instead of the enquiry's (the revision the offer priced; docs/decisions-bom.md "Offers") */
  offerId: optionalIdSchema,
};

/** GET /enquiry/bom/lines: the paging contract plus `errorsOnly`. */
export const bomLinesQuerySchema = pageRequestSchema(BOM_LINE_COLUMNS, {
  ...ownerQuery,
  errorsOnly: yup.boolean().typeError(V.type).default(false),
  /** the list of replaced articles: manually matched lines only */
  replacedOnly: yup.boolean().typeError(V.type).default(false),
});
export type BomLinesQuery = yup.InferType<typeof bomLinesQuerySchema>;

/** GET /enquiry/bom/summary: the job's summary (null while not mapped). */
export const bomSummaryQuerySchema = yup.object(ownerQuery);

/** GET /enquiry/bom/job: a background mapping's state. */
export const bomTaskQuerySchema = yup.object({ ...ownerQuery, taskId: idSchema });

/**
 * GET /enquiry/bom/mapping: `headerRowIndex` proposes the mapping for another header row without saving it (the
 * offer's Update header: the supplier cannot change the enquiry's header row).
 */
export const bomOwnerQuerySchema = yup.object({
  ...ownerQuery,
  headerRowIndex: yup.number().typeError(V.type).integer(V.integer).min(1, V.min).max(1_000_000, V.max).optional(),
});
export const bomGeneratedQuerySchema = yup.object({
  ...ownerQuery,
  /** supplier format only: the supplied parts' file instead of the main one */
  part: yup.string().oneOf(['main', 'suppliedParts'], V.oneOf).default('main'),
});

export const SUPPLIED_PART_STRING_MAX_LENGTH = 50;
const HEADER_MAX_LENGTH = 500;

const mappingEntrySchema = yup.object({
  columnIndex: yup.number().typeError(V.type).integer(V.integer).min(0, V.min).max(10_000, V.max).optional(),
  importHeader: line(HEADER_MAX_LENGTH).default(''),
  articleField: yup
    .string()
    .typeError(V.type)
    .oneOf([...BOM_MAPPABLE_FIELDS], V.oneOf)
    .required(V.required),
});

/** POST /enquiry/bom/map (JSON): the mapping of the stored current file. The engine checks the rules. */
export const bomMapSchema = yup.object({
  enquiryId: bodyIdSchema,
  offerId: optionalBodyIdSchema,
  headerRowIndex: yup.number().typeError(V.type).required(V.required),
  mapping: yup.array().typeError(V.type).of(mappingEntrySchema).max(200, withLimits(V.max)).required(V.required),
  suppliedPartString: line(SUPPLIED_PART_STRING_MAX_LENGTH).optional(),
});
export type BomMapRequest = yup.InferType<typeof bomMapSchema>;

const optionalText = () => line(BOM_LINE_TEXT_MAX_LENGTH).optional();

/** A line's id: its row number, zero-padded (modules/bom/bom-jobs.repository.ts `lineId`). */
export const bomLineIdSchema = line(20)
  .matches(/^\d{1,7}$/, V.id)
  .required(V.required);

/**
 * POST /enquiry/bom/line: a manual match (`matchedArticleId`, from GET /article/search; `null` removes it) and/or
 * line edits. Manufacturer and numbers are read-only (they are what the customer's file says).
 */
export const bomLineUpdateSchema = yup.object({
  enquiryId: bodyIdSchema,
  offerId: optionalBodyIdSchema,
  lineId: bomLineIdSchema,
  matchedArticleId: bodyIdSchema.nullable().optional(),
  quantity: yup.number().typeError(V.type).moreThan(0, V.min).max(1_000_000, V.max).optional(),
  isSuppliedPart: flag().optional(),
  description: optionalText(),
  installationLocation: optionalText(),
  locationIdentifier: optionalText(),
  bmk: optionalText(),
  functionDesignation: optionalText(),
  functionalAssignment: optionalText(),
});
export type BomLineUpdate = yup.InferType<typeof bomLineUpdateSchema>;
export const BOM_LINE_EDIT_FIELDS = [
  'quantity',
  'isSuppliedPart',
  'description',
  'installationLocation',
  'locationIdentifier',
  'bmk',
  'functionDesignation',
  'functionalAssignment',
] as const satisfies ReadonlyArray<keyof BomLineUpdate & keyof BomLine>;

/** The fields a line's rework history compares (bomLineHistoryView: the matched article by its number). */
export const BOM_LINE_HISTORY_FIELDS = ['matchedArticle', ...BOM_LINE_EDIT_FIELDS] as const;

/** A line as its history compares it: the matched article by its order (else manufacturer) number. */
export function bomLineHistoryView(line: StoredBomLine) {
  const { matchedArticle: a } = line;
  return { ...line, matchedArticle: a ? (a.orderNumber ?? a.manufacturerNumber ?? a.id) : undefined };
}

/**
 * What POST /enquiry/bom/map answers: the record mapped (the enquiry with its summary, or the offer), the full
 * summary and the first page.
 */
export interface BomMapAnswer<E = unknown, O = unknown> {
  enquiry?: E;
  offer?: O;
  summary: BomJobView;
  lines: { content: StoredBomLine[]; totalElements: number };
}

/** The job as a caller sees it (the estimate for suppliers only). */
export interface BomJobView {
  revision: number;
  bomFileName: string;
  lineCount: number;
  errorCount: number;
  successRate: number;
  errorsByType: Record<BomErrorType, number>;
  mappedAt: Date;
  estimate?: PriceEstimate;
}

/** The caller's view of a job; `withEstimate` false for customers (price visibility: docs/decisions-bom.md). */
export function bomJobView(job: BomJob, withEstimate: boolean): BomJobView {
  return {
    revision: job.revision,
    bomFileName: job.bomFileName,
    lineCount: job.lineCount,
    errorCount: job.errorCount,
    successRate: job.successRate,
    errorsByType: job.errorsByType,
    mappedAt: job.mappedAt,
    ...(withEstimate ? { estimate: estimateFromCents(job.totalCents) } : {}),
  };
}

/** GET /enquiry/bom/mapping: what the Map panel starts with. */
export interface BomMappingProposal {
  headers: string[];
  bomHeaderRowIndex: number;
  mapping: FieldMapping;
  /** saved: the enquiry's own mapping; remembered: the company's choice for these headers; computed: the engine */
  source: 'saved' | 'remembered' | 'computed';
  suppliedPartString?: string;
}
