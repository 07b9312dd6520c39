import type { FieldMapping } from '../../model/bom/fields.js';
import {
  BOM_SYNC_MAX_LINES,
  BOM_TASK_MAX_LINES,
  bomJobId,
  type BomJob,
  type LineSetParams,
} from '../../model/bom-job.js';
import type { ApiError } from '../../platform/api-error.js';
import { checkMapping, headerRowOf } from './header-row.js';

/** A map request as every owner's call makes it (the header row index already checked: header-row.ts). */
export interface MapRequest {
  headerRowIndex: number;
  mapping: FieldMapping;
  suppliedPartString?: string;
}

/** A map request checked against its sheet: what the line set is built from. */
export interface CheckedMap {
  rows: string[][];
  headerRowIndex: number;
  headers: string[];
  mapping: FieldMapping;
  suppliedPartString?: string;
  /** above the synchronous ceiling: the owner starts the background line-set task (line-set.task.ts) */
  background: boolean;
}

/**
 * The map flow's checks, one for every owner (enquiry, offer, admin import; docs/decisions-bom.md "One map flow"):
 * the sheet's header row (400), the mapping on it with the engine's rules (400 with its keys), the size (above
 * BOM_TASK_MAX_LINES data rows the owner's 413 `tooLarge`). Above BOM_SYNC_MAX_LINES the line set is built in the
 * background, else at once (`buildMatchedLines`).
 */
export function checkMap(rows: string[][], req: MapRequest, tooLarge: () => ApiError): CheckedMap {
  const headers = headerRowOf(rows, req.headerRowIndex);
  checkMapping(req.mapping, headers);
  const dataRows = rows.length - req.headerRowIndex;
  if (dataRows > BOM_TASK_MAX_LINES) throw tooLarge();
  const suppliedPartString = req.suppliedPartString || undefined;
  return {
    rows,
    headerRowIndex: req.headerRowIndex,
    headers,
    mapping: req.mapping,
    ...(suppliedPartString ? { suppliedPartString } : {}),
    background: dataRows > BOM_SYNC_MAX_LINES,
  };
}

/** A line set's job document, built at once or by the background task: who maps which sheet, with its counts. */
export function newJob(
  set: Pick<LineSetParams, 'owner' | 'ownerId' | 'revision' | 'runId' | 'uid'>,
  sheet: {
    fileName: string;
    headers: string[];
    mapping: FieldMapping;
    headerRowIndex: number;
    suppliedPartString?: string;
  },
  counts: Pick<BomJob, 'lineCount' | 'errorCount' | 'successRate' | 'errorsByType' | 'totalCents'>,
  mappedAt: Date,
): BomJob {
  return {
    id: bomJobId(set.owner, set.ownerId),
    owner: set.owner,
    ownerId: set.ownerId,
    revision: set.revision,
    runId: set.runId,
    bomFileName: sheet.fileName,
    headers: sheet.headers,
    fieldMapping: sheet.mapping,
    bomHeaderRowIndex: sheet.headerRowIndex,
    ...(sheet.suppliedPartString ? { suppliedPartString: sheet.suppliedPartString } : {}),
    ...counts,
    mappedAt,
    mappedBy: set.uid,
  };
}
