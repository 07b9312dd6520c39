import type { Transaction } from 'firebase-admin/firestore';
import { SYSTEM_EDITOR } from '../../model/change-history.js';
import { ArticleRowBuilder, type ImportedArticleRow } from '../../bom/article-rows.js';
import { resolveColumn } from '../../bom/mapping.js';
import type { ArticleMappableField } from '../../model/bom/fields.js';
import { ARTICLE_NUMBER_FIELDS, type FieldValue, type WholesalerInfo } from '../../model/catalogue.js';
import type { ImportConfig } from '../../model/import-config.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { ArticlesService } from '../catalogue/articles.service.js';
import type { BulkArticleRow } from '../catalogue/article-import.js';
import type { FieldValuesService } from '../catalogue/field-values.service.js';
import type { ImportConfigsPort } from '../import-configs/import-configs.port.js';
import type { ArticleTransferRepository, ImportRecord, ImportRowProblem } from './article-transfer.repository.js';
import {
  importBatches,
  IMPORT_BATCH_ROWS,
  stageImport,
  type ArticleImportParams,
  type Manifest,
  type StagedRow,
} from './article-import-staging.js';
import { validationReason } from './validation-reasons.js';

export const ARTICLE_IMPORT_TASK = 'articleTransfer.import';

export { type ArticleImportParams } from './article-import-staging.js';

/** What the chunk path keeps per import in this process (see `perImport`). */
interface ImportCache {
  config?: Promise<ImportConfig | undefined>;
  lookups: Map<string, Promise<FieldValue | null>>;
  ahead?: { n: number; prepared: ReturnType<typeof prepareRows> };
}

/** The report's reasons in German (the report is a file people read, not an API answer). */
export const REPORT_REASONS: Record<string, string> = {
  'article.error.missingValues': 'Bestellnummer oder Herstellernummer mit Hersteller fehlt',
  'importConfig.warning.invalidNumber': 'Keine gültige Zahl',
  'importConfig.warning.invalidBoolean': 'Kein gültiger Ja/Nein-Wert',
  'importConfig.warning.unitMismatch': 'Unbekannte oder unpassende Maßeinheit',
  missingValues: 'Bestellnummer oder Herstellernummer mit Hersteller fehlt',
  numberTaken: 'Die Nummer gehört bereits einem anderen Artikel',
  unknownReference: 'Der Eintrag ist unbekannt oder wird gerade zusammengeführt',
  unknownManufacturer: 'Hersteller unbekannt (bitte unter Feldwerte anlegen)',
  unknownUnit: 'Einheit unbekannt (bitte unter Feldwerte anlegen)',
  unknownDiscountGroup: 'Rabattgruppe unbekannt (bitte unter Feldwerte anlegen)',
  unknownArticle: 'Artikel unbekannt: eine Preis- oder Teilaktualisierung legt keinen Artikel an',
};

const TEXT_FIELDS = [
  'orderNumber',
  'manufacturerNumber',
  'manufacturerLink',
  'erpNumber',
  'description',
  'image',
  'eanNumber',
  'eclass9_1Id',
  'customsTarifNumber',
  'countryOfOriginAbbreviation',
  'surchargeCode',
  'copperCode',
] as const;

export interface ArticleImportDeps {
  files: FileStore;
  repo: ArticleTransferRepository;
  configs: () => ImportConfigsPort;
  articles: ArticlesService;
  fieldValues: FieldValuesService;
}

/**
 * Parse once, then one batch per chunk: the first delivery's `count` reads the file (the only time it is read;
 * an .xlsx is read whole by SheetJS, a CSV streamed) into batches of IMPORT_BATCH_ROWS rows under
 * `articleImports/{id}/batches/` and a manifest; every chunk reads only its batch. A crash during staging stages
 * again (the batches are overwritten identically); the cursor is the number of data rows handled.
 */
export function articleImportTask(d: ArticleImportDeps): TaskKind<ArticleImportParams> {
  const manifests = new Map<string, Manifest>();
  /**
   * Per import, in this process (one import runs at a time: entries of an earlier import are dropped when another
   * one's chunk comes): the configuration (read once instead of once per chunk), the field-value names resolved so
   * far (a name is looked up once per import, not once per chunk; the commit still reads every referenced value in
   * its transaction, so a value merged or emptied meanwhile refuses the row), and the next batch read and prepared
   * while the current one commits.
   */
  const perImport = new Map<string, ImportCache>();
  const cacheOf = (importId: string): ImportCache => {
    let c = perImport.get(importId);
    if (!c) {
      for (const id of perImport.keys()) if (id !== importId) forget(id);
      c = { lookups: new Map() };
      perImport.set(importId, c);
    }
    return c;
  };
  const forget = (importId: string) => {
    perImport.delete(importId);
    manifests.delete(importId);
  };

  /** The staged manifest (docs/decisions-imports.md "Staging"; article-import-staging.ts), cached per instance. */
  async function stage(p: ArticleImportParams, config: ImportConfig): Promise<Manifest> {
    const cached = manifests.get(p.importId);
    if (cached) return cached;
    const manifest = await stageImport(d, p, config);
    manifests.set(p.importId, manifest);
    return manifest;
  }

  async function configOf(p: ArticleImportParams): Promise<ImportConfig> {
    const cache = cacheOf(p.importId);
    cache.config ??= d.configs().get(p.configId);
    const config = await cache.config.catch((error: unknown) => {
      delete cache.config;
      throw error;
    });
    if (!config) {
      delete cache.config;
      throw new TaskFailure('importConfigNotFound');
    }
    return config;
  }

  /**
   * Batch `n` read from Storage and typed (its whole rows; a chunk starting inside it takes the rest). The mapping is
   * the staging's for an exchange format (article fields as headers), else the configuration's.
   */
  async function prepareBatch(p: ArticleImportParams, n: number, manifest: Manifest, config: ImportConfig) {
    const rows = await importBatches(d.files, p.importId).readBatch(n);
    const fieldMapping = manifest.fieldMapping ?? config.fieldMapping;
    return prepareRows(rows, manifest.headers, { ...config, fieldMapping }, d.fieldValues, cacheOf(p.importId).lookups);
  }

  /**
   * Batch `n` prepared: the one prefetched by the previous chunk when it is that batch, else read now; then starts
   * reading and preparing batch n + 1, so the Storage read and the typing overlap this chunk's commit.
   */
  function preparedBatch(p: ArticleImportParams, n: number, manifest: Manifest, config: ImportConfig) {
    const cache = cacheOf(p.importId);
    const current = cache.ahead?.n === n ? cache.ahead.prepared : prepareBatch(p, n, manifest, config);
    cache.ahead = undefined;
    if (n + 1 < manifest.batches) {
      const prepared = prepareBatch(p, n + 1, manifest, config);
      // a failed prefetch is not this chunk's error: the next chunk reads its batch again
      prepared.catch(() => {
        if (cache.ahead?.prepared === prepared) cache.ahead = undefined;
      });
      cache.ahead = { n: n + 1, prepared };
    }
    return current;
  }

  return {
    kind: ARTICLE_IMPORT_TASK,
    chunkSize: IMPORT_BATCH_ROWS,
    chunksPerDelivery: 200,
    parse: parseImportParams,
    async count(p) {
      return (await stage(p, await configOf(p))).total;
    },
    async runChunk({ params: p, cursor }) {
      const config = await configOf(p);
      const manifest = await stage(p, config);
      const done = typeof cursor === 'number' ? cursor : 0;
      // nothing (left) to write: the run's entry on the configuration (an empty file's import has no other chunk)
      if (done >= manifest.total)
        return {
          cursor: done,
          processed: 0,
          finished: true,
          commit: async (tx) => recordRun(d, tx, p, await d.repo.getImportInTx(tx, p.importId), NO_COUNTS),
        };
      // a chunk starts at its cursor: usually a batch's first row, after a shortened chunk somewhere inside it
      const n = Math.floor(done / IMPORT_BATCH_ROWS);
      const batch = await preparedBatch(p, n, manifest, config);
      const prepared = { ...batch, entries: batch.entries.slice(done % IMPORT_BATCH_ROWS) };
      const next = done + prepared.entries.length;
      const finished = next >= manifest.total;
      // the last chunk: nothing of this import is needed in this process any more
      if (finished) forget(p.importId);
      return {
        cursor: next,
        processed: prepared.entries.length,
        finished,
        async commit(tx) {
          // the last chunk reads the run's counts before its own writes (reads come first in a transaction)
          const record = finished ? await d.repo.getImportInTx(tx, p.importId) : undefined;
          const { firstLeft, counts } = await commitPrepared(d, tx, p, done, prepared);
          if (firstLeft < prepared.entries.length)
            return { cursor: done + firstLeft, processed: firstLeft, finished: false };
          if (finished) recordRun(d, tx, p, record, counts);
        },
      };
    },
  };
}

function parseImportParams(params: unknown): ArticleImportParams {
  const p = params as Partial<ArticleImportParams> | null;
  if (!p || ![p.importId, p.configId, p.fileName, p.sourcePath].every((v) => typeof v === 'string' && v))
    throw new TaskFailure('invalidParams');
  return p as ArticleImportParams;
}

type PreparedRows = Awaited<ReturnType<typeof prepareRows>>;

/**
 * Writes a chunk's rows and its part of the report in the transaction; answers how many of its entries were taken
 * (the bulk write stops at its write budget: the rest is the next chunk's).
 */
async function commitPrepared(
  d: ArticleImportDeps,
  tx: Transaction,
  p: ArticleImportParams,
  done: number,
  prepared: PreparedRows,
): Promise<{ firstLeft: number; counts: RunCounts }> {
  const { importId } = p;
  const bulk = prepared.entries.flatMap((e) => (e.row ? [e.row] : []));
  const run = { by: p.startedBy ?? SYSTEM_EDITOR, fileName: p.fileName };
  const outcome = await d.articles.importInTx(tx, bulk, run, 'CSV');
  const firstLeft =
    outcome.consumed < bulk.length
      ? prepared.entries.findIndex((e) => e.row === bulk[outcome.consumed])
      : prepared.entries.length;
  const errors = [
    ...prepared.entries.slice(0, firstLeft).flatMap((e) => e.errors),
    ...outcome.errors.map((e) => ({
      row: e.row,
      column: prepared.columnOf(e.column),
      reason: e.reason === 'invalidValue' ? validationReason(e.message) : (REPORT_REASONS[e.reason] ?? e.reason),
    })),
  ].sort((a, b) => a.row - b.row);
  const counts = {
    created: outcome.created,
    updated: outcome.updated,
    failedRows: new Set(errors.map((e) => e.row)).size,
  };
  d.repo.recordBatchInTx(tx, importId, done, { ...counts, errors });
  return { firstLeft, counts };
}

type RunCounts = Pick<ImportRecord, 'created' | 'updated' | 'failedRows'>;
const NO_COUNTS: RunCounts = { created: 0, updated: 0, failedRows: 0 };

/**
 * The import run's ONE entry on its configuration's history (docs/decisions-catalogue.md "History"): who, which
 * file, the counts of the whole run (the record's so far plus the last chunk's), in the last chunk's commit.
 */
function recordRun(
  d: ArticleImportDeps,
  tx: Transaction,
  p: ArticleImportParams,
  record: ImportRecord | undefined,
  last: RunCounts,
): void {
  const sum = (k: keyof RunCounts) => (record?.[k] ?? 0) + last[k];
  d.configs().recordImportInTx(tx, p.configId, {
    by: p.startedBy ?? SYSTEM_EDITOR,
    fileName: p.fileName,
    counts: { created: sum('created'), updated: sum('updated'), failed: sum('failedRows') },
  });
}

/**
 * Types the rows (bom/article-rows.ts: numbers, units converted to cm/kg, lists split) and resolves names to ids
 * (case-insensitively, display name or variant). A row with a typing problem or an unknown manufacturer, unit or
 * discount group is reported and not written (docs/decisions-imports.md "Unknown names").
 */
async function prepareRows(
  rows: readonly StagedRow[],
  headers: readonly string[],
  config: ImportConfig,
  fieldValues: FieldValuesService,
  cache: Map<string, Promise<FieldValue | null>>,
) {
  const builder = new ArticleRowBuilder({
    headers,
    mapping: config.fieldMapping,
    unitWidth: config.unitWidth,
    unitHeight: config.unitHeight,
    unitDepth: config.unitDepth,
    unitWeight: config.unitWeight,
  });
  const headerOf = new Map<string, string>();
  for (const m of config.fieldMapping) {
    const col = resolveColumn(m, headers);
    if (col >= 0 && !headerOf.has(m.articleField)) headerOf.set(m.articleField, headers[col] || m.importHeader);
  }
  const columnOf = (field: string) => headerOf.get(field) ?? field;
  const lookup = (kind: 'manufacturer' | 'unit' | 'discountGroup', name: string, manufacturerId?: string) => {
    const key = `${kind}|${manufacturerId ?? ''}|${name.toLowerCase()}`;
    let found = cache.get(key);
    if (!found) {
      found = fieldValues.byName(kind, name, manufacturerId, { caseInsensitive: true });
      // a failed lookup is asked again by the next row or chunk
      found.catch(() => cache.delete(key));
      cache.set(key, found);
    }
    return found;
  };
  /** one entry per staged row, in file order: the row to write, or why it is refused */
  const entries: Array<{ row?: BulkArticleRow; errors: ImportRowProblem[] }> = [];
  for (const staged of rows) {
    if (staged.e) {
      entries.push({ errors: [{ row: staged.r, ...staged.e }] });
      continue;
    }
    const typed = builder.build(staged.c, staged.r);
    if (!typed) {
      entries.push({ errors: [] });
      continue;
    }
    if (typed.problems.length) {
      entries.push({
        errors: typed.problems.map((problem) => ({
          row: staged.r,
          column: problem.field ? columnOf(problem.field) : '',
          reason: REPORT_REASONS[problem.key] ?? problem.key,
        })),
      });
      continue;
    }
    const row = await toBulkRow(typed, config, lookup, staged.u === 1);
    entries.push('reason' in row ? { errors: [{ ...row, column: columnOf(row.column) }] } : { row, errors: [] });
  }
  return { entries, columnOf };
}

async function toBulkRow(
  typed: ImportedArticleRow,
  config: ImportConfig,
  lookup: (kind: 'manufacturer' | 'unit' | 'discountGroup', name: string, mid?: string) => Promise<FieldValue | null>,
  updateOnly: boolean,
): Promise<BulkArticleRow | ImportRowProblem> {
  const v = typed.values;
  const text = (f: ArticleMappableField) => (typeof v[f] === 'string' ? (v[f] as string) : undefined);
  const fields: BulkArticleRow['fields'] = {};
  for (const f of TEXT_FIELDS) if (text(f) !== undefined) fields[f] = text(f);
  for (const f of ARTICLE_NUMBER_FIELDS) if (typeof v[f] === 'number') fields[f] = v[f] as number;
  if (typeof v.rohs === 'boolean') fields.rohs = v.rohs ? 'ja' : 'nein';
  if (Array.isArray(v.possibleOrderNumbers)) fields.possibleOrderNumbers = v.possibleOrderNumbers;
  if (Array.isArray(v.possibleManufacturerNumbers)) fields.possibleManufacturerNumbers = v.possibleManufacturerNumbers;
  const problem = (field: string, reason: string): ImportRowProblem => ({
    row: typed.rowNumber,
    column: field,
    reason: REPORT_REASONS[reason]!,
  });
  const manufacturerName = text('manufacturerName');
  if (manufacturerName) {
    const m = await lookup('manufacturer', manufacturerName);
    if (!m) return problem('manufacturerName', 'unknownManufacturer');
    fields.manufacturerId = m.id;
  } else if (config.manufacturerId) fields.manufacturerId = config.manufacturerId;
  const unitName = text('unitId');
  if (unitName) {
    const u = await lookup('unit', unitName);
    if (!u) return problem('unitId', 'unknownUnit');
    fields.unitId = u.id;
    // a partial record (a price update) keeps the article's unit: the configuration's default is for new data
  } else if (config.defaultUnitId && !updateOnly) fields.unitId = config.defaultUnitId;
  const groupName = text('discountGroupId');
  if (groupName) {
    const g = await lookup('discountGroup', groupName, fields.manufacturerId);
    if (!g) return problem('discountGroupId', 'unknownDiscountGroup');
    fields.discountGroupId = g.id;
  }
  let wholesalerInfo: WholesalerInfo | undefined;
  const wOrder = text('wholesalerOrderNumber');
  const wPrice = typeof v.wholesalerPurchasePrice === 'number' ? v.wholesalerPurchasePrice : undefined;
  if (config.wholesalerId && (wOrder !== undefined || wPrice !== undefined))
    wholesalerInfo = {
      wholesalerId: config.wholesalerId,
      ...(wOrder !== undefined ? { orderNumber: wOrder } : {}),
      ...(wPrice !== undefined ? { purchasePrice: wPrice } : {}),
    };
  return {
    rowNumber: typed.rowNumber,
    fields,
    ...(wholesalerInfo ? { wholesalerInfo } : {}),
    ...(updateOnly ? { updateOnly } : {}),
  };
}
