import type { Transaction } from 'firebase-admin/firestore';
import { ApiError } from '../../platform/api-error.js';
import type { UploadedFile } from '../../http/multipart.js';
import { validateMapping } from '../../bom/mapping.js';
import type { FieldValueKind } from '../../model/catalogue.js';
import { diffFields, type Editor, type HistoryEntry } from '../../model/change-history.js';
import {
  configHistoryView,
  IMPORT_CONFIG_HISTORY_FIELDS,
  sourceFormatOf,
  type ImportConfig,
} from '../../model/import-config.js';
import type { Page } from '../../model/paging.js';
import type { ImportConfigInput } from '../../model/import-config-schemas.js';
import type { Clock } from '../../platform/clock.js';
import type { FileDiscard } from '../../platform/files/discard.js';
import { readObject, type FileStore } from '../../platform/files/file-store.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { FieldValuesService } from '../catalogue/field-values.service.js';
import type { ImportConfigEvents, ImportRunRecord } from './import-configs.port.js';
import { publicConfig, type ImportConfigsRepository, type StoredImportConfig } from './import-configs.repository.js';
import { field, headersAt, invalid, readSample, readSampleBytes, sampleHeaders, type Sample } from './sample-reader.js';
import { IMPORT_CONFIG_KEYS } from '../../model/import-config-schemas.js';

export interface ImportConfigsDeps {
  repo: ImportConfigsRepository;
  transaction: RunTransaction;
  now: Clock;
  store: FileStore;
  discard: FileDiscard;
  fieldValues: Pick<FieldValuesService, 'get'>;
  events: ImportConfigEvents;
}

/** The Storage folder of a configuration's sample file. */
const importConfigFolder = (id: string) => `importConfigs/${id}/`;

const REFERENCES: Array<{ path: 'manufacturerId' | 'wholesalerId' | 'defaultUnitId'; kind: FieldValueKind }> = [
  { path: 'manufacturerId', kind: 'manufacturer' },
  { path: 'wholesalerId', kind: 'wholesaler' },
  { path: 'defaultUnitId', kind: 'unit' },
];

/**
 * Import configurations (spec 02 §3/§5/§7, docs/decisions-imports.md): every save reads the headers from the file
 * (the uploaded sample or the stored one) and checks §5 on the server - file with headers, an orderNumber
 * mapping, mapped columns within the headers and each field once, existing manufacturer, wholesaler and unit -
 * answering all problems at once as 400 `validation` with field keys.
 */
export class ImportConfigsService {
  constructor(private readonly d: ImportConfigsDeps) {}

  async get(id: string): Promise<ImportConfig> {
    const config = await this.d.repo.get(id);
    if (!config) throw ApiError.notFound();
    return publicConfig(config);
  }

  /** GET /import/config/history: the configuration's edits and import runs, newest first (404 as GET /import/config). */
  async history(id: string, page: number, size: number): Promise<Page<HistoryEntry>> {
    await this.get(id);
    return this.d.repo.changeHistory.page(id, page, size);
  }

  /** The configuration's ONE history entry of a save (create or update), in the save's transaction. */
  private recordInTx(tx: Transaction, by: Editor, before: StoredImportConfig | undefined, after: StoredImportConfig) {
    const changes = diffFields(
      before && configHistoryView(before),
      configHistoryView(after),
      IMPORT_CONFIG_HISTORY_FIELDS,
    );
    this.d.repo.changeHistory.addInTx(
      tx,
      after.id,
      { by: by.uid, byName: by.name, kind: before ? 'update' : 'create', changes },
      new Date(after.lastUpdate),
    );
  }

  /** An import run's entry (ImportConfigsPort.recordImportInTx). */
  recordImportInTx(tx: Transaction, configId: string, run: ImportRunRecord): void {
    this.d.repo.changeHistory.addInTx(
      tx,
      configId,
      { by: run.by.uid, byName: run.by.name, kind: 'import', changes: [], fileName: run.fileName, counts: run.counts },
      this.d.now(),
    );
  }

  async all(): Promise<ImportConfig[]> {
    const configs = await this.d.repo.all();
    return configs.map(publicConfig).sort((a, b) => a.title.localeCompare(b.title, 'de'));
  }

  /** POST /import/config/headers: the headers at the index and the mapping suggestion of a new or the stored sample. */
  async headers(file: UploadedFile | undefined, headerRowIndex: number, configId?: string) {
    const sample = file ? await readSample(file) : configId ? await this.storedSample(configId) : undefined;
    if (!sample) throw invalid([field('file', IMPORT_CONFIG_KEYS.emptyUpload)]);
    return sampleHeaders(sample, headerRowIndex);
  }

  async create(by: Editor, input: ImportConfigInput, file: UploadedFile | undefined): Promise<ImportConfig> {
    const userId = by.uid;
    if (sourceFormatOf(input) !== 'SPREADSHEET') return this.createWithoutSample(by, input);
    const sample = await readSample(file);
    const id = this.d.repo.newId();
    const headers = await this.check(input, sample);
    const path = `${importConfigFolder(id)}${this.d.repo.newId()}_${sample.filename}`;
    if (
      !(await this.d.store.createIfAbsent(path, Buffer.from(file!.bytes), sample.contentType, { uploadedBy: userId }))
    )
      throw ApiError.conflict();
    try {
      const now = this.d.now().toISOString();
      const config: StoredImportConfig = {
        ...this.fields(input, headers),
        id,
        filename: sample.filename,
        headers,
        samplePath: path,
        changeEntries: [{ userId, date: now }],
        createDate: now,
        lastUpdate: now,
      };
      await this.d.transaction(async (tx) => {
        this.d.repo.createInTx(tx, config);
        this.recordInTx(tx, by, undefined, config);
      });
      return publicConfig(config);
    } catch (error) {
      await this.d.discard.discard([path]);
      throw error;
    }
  }

  /**
   * A DATANORM or BMEcat configuration: the records name their fields, so there is no sample, no headers and no
   * mapping (an uploaded file is ignored); only the references are checked.
   */
  private async createWithoutSample(by: Editor, input: ImportConfigInput): Promise<ImportConfig> {
    const userId = by.uid;
    const problems = await this.referenceProblems(input);
    if (problems.length) throw invalid(problems);
    const now = this.d.now().toISOString();
    const config: StoredImportConfig = {
      ...this.fields(input, []),
      id: this.d.repo.newId(),
      filename: '',
      headers: [],
      changeEntries: [{ userId, date: now }],
      createDate: now,
      lastUpdate: now,
    };
    await this.d.transaction(async (tx) => {
      this.d.repo.createInTx(tx, config);
      this.recordInTx(tx, by, undefined, config);
    });
    return publicConfig(config);
  }

  /**
   * POST /import/config/update: with a new file its sample replaces the stored one; without, the headers are read
   * again from the stored sample when the header row changed (never taken from the client).
   */
  async update(by: Editor, input: ImportConfigInput & { id: string }, upload: UploadedFile | undefined) {
    const userId = by.uid;
    const before = await this.d.repo.get(input.id);
    if (!before) throw ApiError.notFound();
    const spreadsheet = sourceFormatOf(input) === 'SPREADSHEET';
    const file = spreadsheet ? upload : undefined;
    let sample: Sample | undefined;
    if (file) sample = await readSample(file);
    else if (spreadsheet && !before.samplePath) sample = undefined;
    else if (spreadsheet && input.headerRowIndex !== before.headerRowIndex)
      sample = await this.storedSample(before.id, before);
    let headers: string[] = [];
    if (!spreadsheet) {
      const problems = await this.referenceProblems(input);
      if (problems.length) throw invalid(problems);
    } else
      headers = sample
        ? await this.check(input, sample)
        : await this.check(input, undefined, before.samplePath ? before.headers : []);
    const path =
      file && sample ? `${importConfigFolder(before.id)}${this.d.repo.newId()}_${sample.filename}` : undefined;
    if (
      path &&
      !(await this.d.store.createIfAbsent(path, Buffer.from(file!.bytes), sample!.contentType, { uploadedBy: userId }))
    )
      throw ApiError.conflict();
    let replaced: string | undefined;
    try {
      const after = await this.d.transaction(async (tx) => {
        const old = await this.d.repo.getInTx(tx, input.id);
        if (!old) throw ApiError.notFound();
        const now = this.d.now().toISOString();
        // a new sample replaces the stored one; a configuration that is no spreadsheet keeps none
        replaced = path || !spreadsheet ? old.samplePath : undefined;
        const next: StoredImportConfig = {
          ...this.fields(input, headers),
          id: old.id,
          filename: !spreadsheet ? '' : path ? sample!.filename : old.filename,
          headers,
          ...(spreadsheet && (path ?? old.samplePath) ? { samplePath: path ?? old.samplePath } : {}),
          changeEntries: [...old.changeEntries, { userId, date: now }].slice(-50),
          createDate: old.createDate,
          lastUpdate: now,
        };
        this.d.repo.setInTx(tx, next);
        this.recordInTx(tx, by, old, next);
        return next;
      });
      if (replaced) await this.d.discard.discard([replaced]);
      return publicConfig(after);
    } catch (error) {
      if (path) await this.d.discard.discard([path]);
      throw error;
    }
  }

  /** POST /import/config/delete: the article import may refuse in the same transaction (409 while it runs). */
  async delete(configId: string): Promise<void> {
    const deleted = await this.d.transaction(async (tx) => {
      const config = await this.d.repo.getInTx(tx, configId);
      if (!config) throw ApiError.notFound();
      await this.d.events.deleteRequested.run(tx, publicConfig(config));
      this.d.repo.deleteInTx(tx, configId);
      return config;
    });
    if (deleted.samplePath) await this.d.discard.discard([deleted.samplePath]);
  }

  /** The stored fields the client chose (ids left empty are absent; a mapped column's header is the file's). */
  private fields(input: ImportConfigInput, headers: string[]) {
    const spreadsheet = sourceFormatOf(input) === 'SPREADSHEET';
    return {
      sourceFormat: sourceFormatOf(input),
      manufacturerId: input.manufacturerId || undefined,
      wholesalerId: input.wholesalerId || undefined,
      defaultUnitId: input.defaultUnitId || undefined,
      title: input.title,
      description: input.description,
      headerRowIndex: input.headerRowIndex,
      fieldMapping: (spreadsheet ? input.fieldMapping : []).map((m) => ({
        ...(m.columnIndex !== undefined ? { columnIndex: m.columnIndex } : {}),
        importHeader: m.columnIndex !== undefined ? (headers[m.columnIndex] ?? m.importHeader) : m.importHeader,
        articleField: m.articleField,
      })),
      unitDepth: input.unitDepth,
      unitHeight: input.unitHeight,
      unitWidth: input.unitWidth,
      unitWeight: input.unitWeight,
    };
  }

  private async storedSample(id: string, known?: StoredImportConfig): Promise<Sample> {
    const config = known ?? (await this.d.repo.get(id));
    if (!config) throw ApiError.notFound();
    const bytes = config.samplePath ? await readObject(this.d.store, config.samplePath) : undefined;
    if (!bytes) throw invalid([field('file', IMPORT_CONFIG_KEYS.emptyUpload)]);
    return readSampleBytes(config.filename, bytes);
  }

  /** §5 on the headers of the sample (or the kept ones) and the mapping; every problem in one 400. */
  private async check(input: ImportConfigInput, sample: Sample | undefined, kept?: string[]): Promise<string[]> {
    const problems: Array<{ path: string; key: string }> = [];
    let headers: string[] = kept ?? [];
    if (sample) {
      try {
        headers = headersAt(sample, input.headerRowIndex);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        problems.push(field('headers', IMPORT_CONFIG_KEYS.emptyUpload));
      }
    }
    if (!headers.some((h) => h !== '')) {
      if (!problems.length) problems.push(field('headers', IMPORT_CONFIG_KEYS.emptyUpload));
    } else {
      const seen = new Set<string>();
      for (const issue of validateMapping(input.fieldMapping, 'article', headers)) {
        const key = `${issue.key}|${issue.field ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push(field('fieldMapping', issue.key));
      }
    }
    problems.push(...(await this.referenceProblems(input)));
    if (problems.length) throw invalid(problems);
    return headers;
  }

  private async referenceProblems(input: ImportConfigInput) {
    const found = await Promise.all(
      REFERENCES.map(async ({ path, kind }) => {
        const id = input[path];
        if (!id) return undefined;
        const item = await this.d.fieldValues.get(kind, id).catch(() => undefined);
        return item && !item.mergedInto ? undefined : field(path, 'validation.id');
      }),
    );
    return found.filter((p) => p !== undefined);
  }
}
