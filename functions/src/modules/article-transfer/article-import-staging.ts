import { ARTICLE_MAPPABLE_FIELDS, type ArticleMappableField, type FieldMapping } from '../../model/bom/fields.js';
import type { FieldValue } from '../../model/catalogue.js';
import { sourceFormatOf, type ImportConfig } from '../../model/import-config.js';
import { articleImportFolder, ARTICLE_IMPORT_MAX_UPLOAD_BYTES } from '../../model/article-transfer.js';
import { readObject, type FileStore } from '../../platform/files/file-store.js';
import { stagedBatches } from '../../platform/tasks/staged-batches.js';
import { TaskFailure } from '../../platform/tasks/task-kind.js';
import { iterateSpreadsheet, isSpreadsheetError, MAX_CELL_CHARS } from '../../spreadsheet/index.js';
import type { FieldValuesService } from '../catalogue/field-values.service.js';
import { sourceFormatDefinition } from './formats/index.js';
import type { SourceDiscountGroupRecord } from './formats/source-records.js';
import type { Editor } from '../../model/change-history.js';

/**
 * Rows per staged batch and at most per chunk: a chunk reads its batch and writes its articles in one transaction.
 * Rows with many numbers make many claim writes: the catalogue's bulk write stops at its write budget
 * (BULK_WRITE_BUDGET, under Firestore's 500 writes per commit) and the commit shortens the chunk, so the next chunk
 * starts inside the batch.
 */
export const IMPORT_BATCH_ROWS = 150;
/** Files uploaded through the large-file path may be this large (the API's multipart path stays at 10 MB). */
const IMPORT_MAX_BYTES = ARTICLE_IMPORT_MAX_UPLOAD_BYTES;

export interface ArticleImportParams {
  importId: string;
  configId: string;
  fileName: string;
  sourcePath: string;
  /** who started it (the change histories name him; absent on tasks created before the history: "System") */
  startedBy?: Editor;
}

/** `batches/manifest.json`: written last by the staging, so its presence means every batch is stored. */
export interface Manifest {
  headers: string[];
  total: number;
  batches: number;
  /**
   * The mapping the rows are typed with when it is not the configuration's: an exchange format's rows carry
   * the article field names as headers (identity mapping).
   */
  fieldMapping?: FieldMapping;
}
export interface StagedRow {
  /** the row's number in the file (1-based, as a spreadsheet shows it; a DATANORM line, a BMEcat product) */
  r: number;
  c: string[];
  /** a problem the reader or the staging found: the row is reported, nothing is written */
  e?: { column: string; reason: string };
  /** 1: the row only updates an existing article (SourceArticleRecord.updateOnly) */
  u?: 1;
}

/** The import's staged rows and manifest under `articleImports/{id}/batches/`. */
export const importBatches = (files: FileStore, importId: string) =>
  stagedBatches<StagedRow, Manifest>(files, `${articleImportFolder(importId)}batches/`);

/** The identity mapping of an exchange format's rows: column i is article field i. */
const SOURCE_HEADERS: string[] = [...ARTICLE_MAPPABLE_FIELDS];
const SOURCE_MAPPING: FieldMapping = ARTICLE_MAPPABLE_FIELDS.map((f, i) => ({
  columnIndex: i,
  importHeader: f,
  articleField: f,
}));

export const STAGING_REASONS = {
  noManufacturer: 'Rabattgruppe ohne Hersteller: bitte in der Importkonfiguration einen Hersteller wählen',
  unknownManufacturer: 'Hersteller unbekannt (bitte unter Feldwerte anlegen)',
  otherManufacturer: (name: string) =>
    `Hersteller „${name}“ ist nicht der Hersteller der Importkonfiguration; für Kataloge mehrerer Hersteller eine Konfiguration ohne Hersteller verwenden`,
  discountGroupRefused: 'Rabattgruppe konnte nicht gespeichert werden',
  cellTooLong: `Zelle zu lang (mehr als ${MAX_CELL_CHARS.toLocaleString('de-DE')} Zeichen): die Zeile wird nicht importiert`,
} as const;

/**
 * The first cell of a row longer than any cell a spreadsheet program writes (MAX_CELL_CHARS, Excel's limit; the CSV
 * parser cuts such a cell to one character more): the row is reported and its cells are not staged, so a huge cell
 * never travels through the batches or reaches a commit.
 */
function tooLongCell(cells: readonly string[]): number {
  return cells.findIndex((c) => c.length > MAX_CELL_CHARS);
}

export interface StagingDeps {
  files: FileStore;
  fieldValues: FieldValuesService;
}

/** Writes rows in batches of IMPORT_BATCH_ROWS (the chunk's cursor arithmetic relies on full batches). */
class BatchWriter {
  private batch: StagedRow[] = [];
  batches = 0;
  total = 0;
  constructor(private readonly staged: ReturnType<typeof importBatches>) {}
  async add(row: StagedRow) {
    this.batch.push(row);
    this.total++;
    if (this.batch.length === IMPORT_BATCH_ROWS) await this.flush();
  }
  async flush() {
    if (!this.batch.length) return;
    await this.staged.writeBatch(this.batches, this.batch);
    this.batches++;
    this.batch = [];
  }
}

/**
 * Parse once (docs/decisions-imports.md "Staging"): the first delivery's `count` reads the file (the only time it
 * is read) into batches of IMPORT_BATCH_ROWS rows under `articleImports/{id}/batches/` and a manifest; every chunk
 * reads only its batch. A crash during staging stages again (the batches are overwritten identically, discount
 * groups saved again with the same values). Spreadsheets keep their cells (typed by the configuration's mapping);
 * exchange formats are read through their SourceReader into rows of article fields.
 */
export async function stageImport(d: StagingDeps, p: ArticleImportParams, config: ImportConfig): Promise<Manifest> {
  const staged = importBatches(d.files, p.importId);
  const stored = await staged.readManifest();
  if (stored) return stored;
  const bytes = await readObject(d.files, p.sourcePath);
  if (!bytes) throw new TaskFailure('importFileMissing');
  const out = new BatchWriter(staged);
  const manifest =
    sourceFormatOf(config) === 'SPREADSHEET'
      ? await stageSpreadsheet(bytes, p, config, out)
      : await stageSource(d, bytes, p, config, out);
  await staged.writeManifest(manifest);
  return manifest;
}

async function stageSpreadsheet(bytes: Buffer, p: ArticleImportParams, config: ImportConfig, out: BatchWriter) {
  const headerRow = Math.max(1, config.headerRowIndex || 1);
  let headers: string[] = [];
  try {
    for await (const { rows, firstRowNumber } of iterateSpreadsheet(bytes, p.fileName, {
      maxBytes: IMPORT_MAX_BYTES,
    })) {
      for (let i = 0; i < rows.length; i++) {
        const number = firstRowNumber + i;
        const row = rows[i]!;
        if (number === headerRow) headers = row.map((h) => h.trim());
        if (number <= headerRow || !row.some((c) => c.trim() !== '')) continue;
        const long = tooLongCell(row);
        if (long >= 0) {
          const column = headers[long] || `Spalte ${long + 1}`;
          await out.add({ r: number, c: [], e: { column, reason: STAGING_REASONS.cellTooLong } });
          continue;
        }
        await out.add({ r: number, c: row });
      }
    }
  } catch (error) {
    if (isSpreadsheetError(error)) throw new TaskFailure(error.i18nKey, error.message);
    throw error;
  }
  await out.flush();
  return { headers, total: out.total, batches: out.batches } satisfies Manifest;
}

/**
 * An exchange format: article records become rows of article fields (the configuration's manufacturer wins over
 * the file's; with a wholesaler, the order number and net price also fill that wholesaler's entry); reader
 * problems become report rows; discount groups are saved into the discount-group list before any chunk runs,
 * together with the groups the articles name (created without percent when unknown).
 */
async function stageSource(
  d: StagingDeps,
  bytes: Buffer,
  p: ArticleImportParams,
  config: ImportConfig,
  out: BatchWriter,
): Promise<Manifest> {
  const definition = sourceFormatDefinition(sourceFormatOf(config));
  if (!definition) throw new Error(`import ${p.importId}: ${sourceFormatOf(config)} is not an exchange format`);
  const reader = definition.reader;
  const groups = new DiscountGroupMerger(d.fieldValues, config);
  /** file manufacturer names checked against the configuration's (fileManufacturer 'name'): name → same manufacturer */
  const sameManufacturer = new Map<string, boolean>();
  const isConfigManufacturer = async (name: string) => {
    const key = name.toLowerCase();
    if (!sameManufacturer.has(key)) {
      const m = await d.fieldValues.byName('manufacturer', name, undefined, { caseInsensitive: true });
      sameManufacturer.set(key, m?.id === config.manufacturerId);
    }
    return sameManufacturer.get(key)!;
  };
  const report = (r: number, column: string, reason: string) => out.add({ r, c: [], e: { column, reason } });
  for await (const record of reader(bytes, p.fileName)) {
    if (record.kind === 'problem') await report(record.rowNumber, record.column, record.reason);
    else if (record.kind === 'discountGroup') {
      const refused = await groups.merge(record);
      if (refused) await report(record.rowNumber, 'Rabattgruppe', refused);
    } else {
      const values = { ...record.values };
      if (config.manufacturerId && values.manufacturerName) {
        // a name (BMEcat MANUFACTURER_NAME) naming another manufacturer is reported rather than silently re-assigned;
        // a short code (DATANORM's Erstellerkürzel "SIE") gives way to the configuration's manufacturer
        if (definition.fileManufacturer === 'name' && !(await isConfigManufacturer(values.manufacturerName))) {
          await report(
            record.rowNumber,
            'manufacturerName',
            STAGING_REASONS.otherManufacturer(values.manufacturerName),
          );
          continue;
        }
        delete values.manufacturerName;
      }
      if (config.wholesalerId) {
        values.wholesalerOrderNumber ??= values.orderNumber;
        values.wholesalerPurchasePrice ??= values.purchasePrice;
      }
      const cells = ARTICLE_MAPPABLE_FIELDS.map((f: ArticleMappableField) => values[f] ?? '');
      const long = tooLongCell(cells);
      if (long >= 0) {
        await report(record.rowNumber, ARTICLE_MAPPABLE_FIELDS[long]!, STAGING_REASONS.cellTooLong);
        continue;
      }
      if (values.discountGroupId) groups.referenced(values.discountGroupId);
      await out.add({
        r: record.rowNumber,
        c: cells,
        ...(record.updateOnly ? { u: 1 as const } : {}),
      });
    }
  }
  await out.flush();
  await groups.createReferenced();
  return { headers: SOURCE_HEADERS, total: out.total, batches: out.batches, fieldMapping: SOURCE_MAPPING };
}

/**
 * Discount groups belong to a manufacturer (catalogue rule): a file's group is the configuration's manufacturer's
 * (or the record's manufacturer, by name, when it names one). An existing group (by name or variant, case-
 * insensitively) gets the file's percent; an unknown one is created. Without a manufacturer the group is reported.
 */
class DiscountGroupMerger {
  private readonly names = new Set<string>();
  private readonly known = new Map<string, FieldValue | null>();
  constructor(
    private readonly fieldValues: FieldValuesService,
    private readonly config: ImportConfig,
  ) {}

  referenced(name: string) {
    if (this.config.manufacturerId) this.names.add(name);
  }

  async merge(record: SourceDiscountGroupRecord): Promise<string | undefined> {
    let manufacturerId = this.config.manufacturerId;
    if (record.manufacturerName) {
      const m = await this.fieldValues.byName('manufacturer', record.manufacturerName, undefined, {
        caseInsensitive: true,
      });
      if (!m) return STAGING_REASONS.unknownManufacturer;
      manufacturerId = m.id;
    }
    if (!manufacturerId) return STAGING_REASONS.noManufacturer;
    return this.save(record.name, manufacturerId, record.percent);
  }

  /** Groups the articles name that neither the file nor the list has: created without percent. */
  async createReferenced() {
    const mid = this.config.manufacturerId;
    if (!mid) return;
    for (const name of this.names) if (!this.known.has(`${mid}|${name.toLowerCase()}`)) await this.save(name, mid);
  }

  private async save(name: string, manufacturerId: string, percent?: number): Promise<string | undefined> {
    const key = `${manufacturerId}|${name.toLowerCase()}`;
    try {
      const existing =
        this.known.get(key) ??
        (await this.fieldValues.byName('discountGroup', name, manufacturerId, { caseInsensitive: true }));
      const usable = percent !== undefined && percent >= 0 && percent <= 100 ? percent : undefined;
      if (existing) {
        this.known.set(key, existing);
        if (usable === undefined || existing.percent === usable) return undefined;
        const { usedByArticleAmount: _u, createDate: _c, lastUpdate: _l, ...input } = existing;
        this.known.set(key, await this.fieldValues.save('discountGroup', { ...input, percent: usable }, 'update'));
        return undefined;
      }
      const created = await this.fieldValues.save(
        'discountGroup',
        { displayName: name, nameVariants: [], manufacturerId, ...(usable !== undefined ? { percent: usable } : {}) },
        'create',
      );
      this.known.set(key, created);
      return undefined;
    } catch {
      return STAGING_REASONS.discountGroupRefused;
    }
  }
}
