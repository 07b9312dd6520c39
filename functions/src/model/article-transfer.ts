import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import { IMPORT_SOURCES, MAX_IDS_PER_CALL, type ImportSource } from './catalogue.js';
import { amount } from './catalogue-schemas.js';
import type { TaskState } from './background-task.js';
import { bodyIdSchema } from './id.js';
import { line, VALIDATION_KEYS as V } from './validation.js';

/**
 * Article import and export (spec 02 §2 /article panels, §3 "Article export filter" and "Import progress", §7, §8;
 * docs/decisions-imports.md "Article import and export"). Shared by the API (modules/article-transfer) and the web.
 */

/** The file types the import panel offers (spec 02 §2). */
export const ARTICLE_IMPORT_EXTENSIONS = ['txt', 'csv', 'xlsx', 'xls'] as const;

/** The folder of the finished export files (spec 02 §9), a files-module folder of every ADMIN-company user. */
export const EXPORT_RESULT_FOLDER = 'exportResult/';

/** One import's folder: the uploaded file and its error report (row batches live in `batches/` below it). */
export const articleImportFolder = (importId: string) => `articleImports/${importId}/`;
/** The per-row error report's name in the import's folder. */
export const IMPORT_REPORT_NAME = 'Fehlerbericht.csv';

/**
 * The large-file path (`POST /article/import/upload`): files up to this size go straight to Storage through a
 * resumable-upload session the API issues; the multipart route keeps the spec's 10 MB.
 */
export const ARTICLE_IMPORT_MAX_UPLOAD_BYTES = 40 * 1024 * 1024;

export const articleImportUploadSchema = yup
  .object({
    fileName: line(200).required(V.required),
    size: yup.number().strict().typeError(V.type).integer(V.integer).min(1, V.min).required(V.required),
  })
  .noUnknown();

export const articleImportUploadedSchema = yup
  .object({ importConfigId: bodyIdSchema, importId: bodyIdSchema })
  .noUnknown();

/** `POST /article/import/upload`: where the browser uploads the file, and the id to start the import with. */
export interface ArticleImportUploadSession {
  importId: string;
  uploadUrl: string;
  path: string;
}

/** Up to this many articles (counted before the source, price and type filter) the export answers the file directly. */
export const DIRECT_EXPORT_MAX_ARTICLES = 5000;

/** `GET /article/import`: the latest import (spec 02 §3 "Import progress" plus its start, state and report). */
export interface ArticleImportProgress {
  /** undefined before the first import */
  taskId?: string;
  state?: TaskState;
  /** 0–100 (null while the file is being read) */
  percent: number | null;
  minutesSinceStart: number;
  startDate?: Date;
  finishDate?: Date;
  /** rows handled and rows in the file (null until read) */
  done: number;
  total: number | null;
  fileName?: string;
  configId?: string;
  /** why a failed import stopped (e.g. spreadsheet.error.corrupt) */
  errorCode?: string;
  /** created / updated articles and rows with errors so far */
  created: number;
  updated: number;
  failedRows: number;
  /** the per-row error report (GET /file/?path=…), once the import is final */
  reportPath?: string;
}

/** `POST /article/export` with more articles than DIRECT_EXPORT_MAX_ARTICLES: 202 with the task. */
export interface ArticleExportStarted {
  taskId: string;
  /** where the file will be (under exportResult/) */
  path: string;
}

/**
 * The export's "type" filter (spec 02 §2 names it; docs/decisions-imports.md "The export's type filter"): an article's
 * type is its ECLASS classification (`eclass9_1Id`, the one field that says what kind of article it is). A type is
 * an ECLASS class at any level - segment (2 digits), main group (4), group (6) or commodity class (8) - written with
 * or without separators ("27-14", "27141120"); an article matches when its code starts with it.
 */
export const MAX_EXPORT_TYPES = 20;
const ECLASS_CLASS = /^(\d{2}){1,4}$/;

/** "27-14-11" -> "271411" (separators dropped); undefined when it is no ECLASS class. */
export function eclassClassOf(text: string): string | undefined {
  const digits = text.trim().replace(/[-.\s]/g, '');
  return ECLASS_CLASS.test(digits) ? digits : undefined;
}

/** Does the article's ECLASS code lie in one of the classes (none given: every article)? */
export function matchesEclassTypes(eclass9_1Id: string | undefined, types: readonly string[]): boolean {
  if (!types.length) return true;
  const code = (eclass9_1Id ?? '').replace(/\D/g, '');
  return !!code && types.some((t) => code.startsWith(t));
}

export const articleExportFilterSchema = yup
  .object({
    manufacturers: yup.array().of(bodyIdSchema).max(MAX_IDS_PER_CALL, V.max).default([]),
    importSources: yup
      .array()
      .of(
        yup
          .string()
          .strict()
          .oneOf([...IMPORT_SOURCES], V.oneOf)
          .required(V.required),
      )
      .max(IMPORT_SOURCES.length, V.max)
      .default([]),
    priceRange: yup
      .object({
        from: amount(),
        to: amount().test('range', V.min, function (to) {
          const from = (this.parent as { from?: number }).from;
          return to === undefined || from === undefined || from <= to;
        }),
      })
      .default({}),
    types: yup
      .array()
      .typeError(V.type)
      .of(
        line(20)
          .required(V.required)
          .test('eclass', V.type, (v) => v == null || eclassClassOf(v) !== undefined)
          .transform((v: unknown) => (typeof v === 'string' ? (eclassClassOf(v) ?? v) : v)),
      )
      .max(MAX_EXPORT_TYPES, V.max)
      .default([]),
  })
  .noUnknown();

export interface ArticleExportFilter {
  manufacturers: string[];
  importSources: ImportSource[];
  priceRange: { from?: number; to?: number };
  /** ECLASS classes (digits only); empty or absent (a task queued before the filter existed): every type */
  types?: string[];
}

/** The error codes of the article import and export (spec 02 §8); texts: web/public/locales/de/article-transfer.json. */
export const ARTICLE_TRANSFER_ERRORS = defineErrors({
  /** an article import runs already (spec 8: 409) */
  articleImportRunning: 409,
  /** wrong file format: not .xls, .xlsx, .csv, .txt, or content that is not what the name says (spec 8: 417) */
  articleImportWrongFormat: 417,
  /** the file cannot be read (damaged, encrypted, empty, too large) (spec 8: 424) */
  articleImportUnreadable: 424,
  /** an import configuration used by the running import cannot be deleted */
  importConfigInUse: 409,
});
