import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import { isPdfOf, type FileFact } from './files.js';
import type { BomJobSummary } from './bom-job.js';
import type { FieldMapping } from './bom/fields.js';
import { bodyIdSchema } from './id.js';
import { JOB_CONDITION_DEFAULTS, jobConditionsSchema, type JobConditions } from './job-conditions.js';
import { pageRequestSchema } from './paging.js';
import { priceSchema } from './price.js';
import { line, multiline, VALIDATION_KEYS as V, withLimits } from './validation.js';

/**
 * The enquiry (spec 01 §3 "Enquiry", §4, §5; issue 8). Isomorphic: the API validates bodies with these
 * schemas, the web's form uses the same ones. Server-set fields (customer, flags, dates, revisions, change
 * entries) are not in the input schemas, so the API strips them from every body (no mass assignment).
 * Decisions: docs/decisions-enquiries.md.
 */

/** The enquiries area's error codes. */
export const ENQUIRY_ERRORS = defineErrors({
  enquiryLocked: 409,
  /** an order closed the enquiry: no reopen, and no archive until the supplier confirmed it (`enquiryOrderRefusal`) */
  enquiryHasOrder: 409,
  /** supplementary documents (model/enquiry-supplements.ts): only while released; a draft takes them as documents */
  enquiryNotReleased: 409,
  /** supplementary documents: not once the enquiry is closed by an order or archived */
  supplementsClosed: 409,
  /** supplementary documents: at most SUPPLEMENTS_MAX_COUNT files and SUPPLEMENTS_MAX_BYTES in all */
  supplementLimit: 409,
  /** supplementary documents: this chat attachment was added already */
  supplementExists: 409,
  /** supplementary documents: a circuit diagram or BOM is a revision (reopen), never a supplement */
  supplementType: 400,
  missingBOM: 422,
  missingCircuitDiagram: 422,
  bomUnreadable: 422,
});

/**
 * Where an enquiry keeps its files: three folders reached through the generic /file calls (the documents
 * folder's files are listed on the record, `Enquiry.documents`), and the BOM folder only through /enquiry/bom.
 */
export const ENQUIRY_FOLDERS = {
  documents: { prefix: 'enquiries/{enquiryId}/documents/', context: 'general' },
  regulation: { prefix: 'enquiries/{enquiryId}/regulation/', context: 'customerRegulation' },
  language: { prefix: 'enquiries/{enquiryId}/language/', context: 'cabinetLanguage' },
} as const;
export type EnquiryFolder = keyof typeof ENQUIRY_FOLDERS;
export const ENQUIRY_FOLDER_NAMES = Object.keys(ENQUIRY_FOLDERS) as EnquiryFolder[];

export function enquiryFolderPath(folder: EnquiryFolder, enquiryId: string): string {
  return ENQUIRY_FOLDERS[folder].prefix.replace('{enquiryId}', enquiryId);
}

export function enquiryBomFolder(enquiryId: string): string {
  return `enquiries/${enquiryId}/bom/`;
}

/** The circuit diagram a release needs: a PDF in the documents folder declared CIRCUIT_DIAGRAM. */
export function isCircuitDiagram(f: Pick<FileFact, 'name' | 'documentType'>): boolean {
  return isPdfOf(f, 'CIRCUIT_DIAGRAM');
}

/** Incoterms: the enumeration's EXW and DAP ("EXP" in the text catalogue is not an Incoterm). */
export const DELIVERY_CONDITIONS = ['EXW', 'DAP'] as const;
export type DeliveryCondition = (typeof DELIVERY_CONDITIONS)[number];

const ENQUIRY_TITLE_MAX_LENGTH = 200;
const REFERENCE_NUMBER_MAX_LENGTH = 100;
const ADDITIONAL_INFO_MAX_LENGTH = 5000;
/** A sane upper bound for a cabinet series; the spec only says "at least 1". */
export const AMOUNT_MAX = 100_000;
/** Change entries kept on the record (newest last); older ones are dropped so the record cannot grow without end. */
export const MAX_CHANGE_ENTRIES = 200;

/** Who changed what, when (one per create, update, release, reopen, archive, copy, file change). */
export interface EnquiryChangeEntry {
  date: Date;
  userId: string;
  /** "Vorname Nachname" at the time of the change, so the history reads without user lookups */
  userName: string;
  action:
    | 'create'
    | 'update'
    | 'release'
    | 'reopen'
    | 'archive'
    | 'copy'
    | 'close'
    | 'bomUpload'
    | 'bomDelete'
    /** the order that closed it lapsed unconfirmed: open for offers again (issue 32) */
    | 'orderLapsed';
  /** the fields an update changed */
  fields?: string[];
}

/** One stored BOM file of an enquiry; revisions after the first release are kept (issue 8 "beyond the spec"). */
export interface BomRevision {
  revision: number;
  fileName: string;
  /** storage path below enquiries/{id}/bom/ */
  path: string;
  uploadDate: Date;
  uploadedBy: string;
}

/**
 * The order that closed the enquiry (an accepted offer), written by the offers area through the enquiries' port in
 * the transaction of its accept and its confirm: the enquiry's rules decide on it without reading the offers.
 */
export interface EnquiryOrder {
  offerId: string;
  supplierId: string;
  /** the supplier confirmed the order (the offer is CONFIRMED: a job) */
  confirmed: boolean;
}

/** The fields the customer edits (project data and job conditions). */
export interface EnquiryInput extends JobConditions {
  title: string;
  referenceNumber: string;
  deliveryCondition: DeliveryCondition;
  /** calendar date, ISO `YYYY-MM-DD` (no time zone: a delivery day) */
  desiredDeliveryDate: string;
  amount: number;
  /** the customer's target price for the whole enquiry, EUR (optional; at least 0, two decimals) */
  price?: number;
  additionalInfo?: string;
}

export interface Enquiry extends EnquiryInput {
  id: string;
  customerId: string;
  customerName: string;
  released: boolean;
  releaseDate?: Date;
  /** set when the first release happened; later BOM and circuit-diagram uploads become revisions */
  firstReleaseDate?: Date;
  closed: boolean;
  /** the order that closed it (absent on enquiries closed before it was recorded: treated as unconfirmed) */
  order?: EnquiryOrder;
  archived: boolean;
  invalidated: boolean;
  /** BOM (spec 02 §3 "BOM job"): the current file and how it was read */
  bomFileName?: string;
  bomHeaderRowIndex?: number;
  headers?: string[];
  /** the columns the customer mapped (POST /enquiry/bom/map, the BOM area) and the supplied-part marker */
  fieldMapping?: FieldMapping;
  suppliedPartString?: string;
  /** the mapped lines' counts and success rate (the lines live apart: docs/decisions-bom.md) */
  bomSummary?: BomJobSummary;
  /** current BOM revision number (0 = no BOM yet) and every kept revision */
  bomRevision: number;
  bomRevisions: BomRevision[];
  /** current circuit-diagram revision number (0 = none yet); offers record which one they priced */
  circuitDiagramRevision: number;
  /** the files of the documents folder, as the rules see them (written with each upload and delete) */
  documents: FileFact[];
  /**
   * the supplementary documents added while released (model/enquiry-supplements.ts): read by every supplier who
   * sees the enquiry, never a BOM or circuit-diagram revision, so no offer becomes outdated by them
   */
  supplements: FileFact[];
  createdBy: string;
  createDate: Date;
  lastUpdate: Date;
  changeEntries: EnquiryChangeEntry[];
}

/** The fields of a row of GET /enquiry/filter besides the id: the page reads only these (no job conditions, no history). */
export const ENQUIRY_LIST_FIELDS = [
  'title',
  'referenceNumber',
  'customerId',
  'customerName',
  'deliveryCondition',
  'desiredDeliveryDate',
  'amount',
  'released',
  'releaseDate',
  'closed',
  'order',
  'archived',
  'createDate',
  'lastUpdate',
] as const satisfies ReadonlyArray<keyof Enquiry>;

/** A row of GET /enquiry/filter. */
export type EnquiryListItem = Pick<Enquiry, 'id' | (typeof ENQUIRY_LIST_FIELDS)[number]>;

export const ENQUIRY_STATUSES = ['archived', 'closed', 'released', 'default'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** Spec 01 §4: the badge by priority archived (grey) > closed (green) > released (blue) > default. */
export function enquiryStatus(e: Pick<Enquiry, 'archived' | 'closed' | 'released'>): EnquiryStatus {
  if (e.archived) return 'archived';
  if (e.closed) return 'closed';
  if (e.released) return 'released';
  return 'default';
}

export const ENQUIRY_STATUS_COLORS: Record<EnquiryStatus, string | undefined> = {
  archived: 'grey',
  closed: 'green',
  released: 'blue',
  default: undefined,
};

/** Locked (view mode, spec 01 §4): released, closed or archived enquiries take no edits and no file changes. */
export function isEnquiryLocked(e: Pick<Enquiry, 'archived' | 'closed' | 'released'>): boolean {
  return e.released || e.closed || e.archived;
}

/** Why a release is refused (spec 01 §5 warnings), in the order the form shows them. */
export type ReleaseRefusal = 'missingBOM' | 'missingCircuitDiagram';

/** What a release still lacks, read from the record (the server's rule and the web's warning). */
export function releaseRefusals(e: Pick<Enquiry, 'bomFileName' | 'bomRevision' | 'documents'>): ReleaseRefusal[] {
  const missing: ReleaseRefusal[] = [];
  if (!e.bomFileName || !e.bomRevision) missing.push('missingBOM');
  if (!e.documents.some(isCircuitDiagram)) missing.push('missingCircuitDiagram');
  return missing;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30), between 2000 and 2100. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '2000' && value < '2101'
  );
}

const required = V.required;

/** Spec 01 §5: title, reference number, delivery condition, desired delivery date and amount are required. */
export const enquiryInputSchema = jobConditionsSchema.shape({
  title: line(ENQUIRY_TITLE_MAX_LENGTH).required(required),
  referenceNumber: line(REFERENCE_NUMBER_MAX_LENGTH).required(required),
  deliveryCondition: yup
    .string()
    .typeError(V.type)
    .nonNullable(V.type)
    .oneOf([...DELIVERY_CONDITIONS], V.oneOf)
    .required(required),
  desiredDeliveryDate: line(10)
    .required(required)
    .test('isoDate', V.type, (value) => value == null || isIsoDate(value)),
  amount: yup
    .number()
    .typeError(V.type)
    .nonNullable(V.type)
    .transform((_value: unknown, original: unknown) => original)
    .integer(V.integer)
    .min(1, withLimits(V.min))
    .max(AMOUNT_MAX, withLimits(V.max))
    .required(required),
  // spec 01 §3 names the field; optional (spec 01 §5 does not require it), held to the offer price's rules
  price: priceSchema().optional(),
  additionalInfo: multiline(ADDITIONAL_INFO_MAX_LENGTH).optional(),
});

/** POST /enquiry/update body: the input with the enquiry's id. */
export const enquiryUpdateSchema = enquiryInputSchema.shape({ id: bodyIdSchema });

/** What a new enquiry form starts with (spec 01 §3 defaults; amount 1). */
export function newEnquiryValues(): Omit<EnquiryInput, 'deliveryCondition'> & { deliveryCondition: '' } {
  return {
    ...JOB_CONDITION_DEFAULTS,
    title: '',
    referenceNumber: '',
    deliveryCondition: '',
    desiredDeliveryDate: '',
    amount: 1,
    additionalInfo: '',
  };
}

/** Sortable columns of GET /enquiry/filter (spec 02 §9; default createDate descending). */
export const ENQUIRY_SORT_COLUMNS = ['createDate', 'title', 'referenceNumber', 'releaseDate'] as const;
export type EnquirySortColumn = (typeof ENQUIRY_SORT_COLUMNS)[number];

/** GET /enquiry/filter query: the paging contract plus the title search (contains, see data/search-tokens). */
export const enquiryFilterSchema = pageRequestSchema(ENQUIRY_SORT_COLUMNS, {
  title: yup.string().typeError(V.type).trim(V.type).max(100, withLimits(V.maxLength)).optional(),
});
export type EnquiryFilter = yup.InferType<typeof enquiryFilterSchema>;
