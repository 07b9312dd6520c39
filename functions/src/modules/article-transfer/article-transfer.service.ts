import type { Transaction } from 'firebase-admin/firestore';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import { writeCsv } from '../../spreadsheet/csv-writer.js';
import type { UploadedFile } from '../../http/multipart.js';
import {
  ARTICLE_IMPORT_EXTENSIONS,
  ARTICLE_IMPORT_MAX_UPLOAD_BYTES,
  ARTICLE_TRANSFER_ERRORS,
  articleImportFolder,
  DIRECT_EXPORT_MAX_ARTICLES,
  EXPORT_RESULT_FOLDER,
  IMPORT_REPORT_NAME,
  type ArticleExportFilter,
  type ArticleImportProgress,
  type ArticleImportUploadSession,
} from '../../model/article-transfer.js';
import { isFinalTaskState } from '../../model/background-task.js';
import { CONTENT_TYPES, extensionOf, normaliseFileName, type FileExtension } from '../../model/files.js';
import { readObject } from '../../platform/files/file-store.js';
import {
  acceptsExtension,
  SOURCE_FORMATS,
  sourceFormatOf,
  type ImportConfig,
  type SourceFormat,
} from '../../model/import-config.js';
import type { Principal } from '../../model/user.js';
import type { AreaDeps } from '../../http/area-module.js';
import { assertSafeZip, iterateSpreadsheet, resolveFormat, isSpreadsheetError } from '../../spreadsheet/index.js';
import { sourceFormatDefinition } from './formats/index.js';
import type { ArticlesService } from '../catalogue/articles.service.js';
import type { ImportConfigsPort } from '../import-configs/import-configs.port.js';
import { exportFileName, exportLines, EXPORT_HEADER } from './article-export.js';
import { ARTICLE_EXPORT_TASK, type ArticleExportParams } from './article-export.task.js';
import { ARTICLE_IMPORT_TASK, type ArticleImportParams } from './article-import.task.js';
import type { ArticleTransferRepository } from './article-transfer.repository.js';
import { editorOf } from '../../model/change-history.js';

const E = errorsOf(ARTICLE_TRANSFER_ERRORS);

const WRONG_FORMAT = new Set(['unsupportedFormat', 'formatMismatch']);

/**
 * The import's checks before anything is stored: the extension and the content (magic bytes against the name,
 * like the files module) → 417; what the request can read cheaply without parsing the whole file (an .xlsx's zip
 * directory, the first rows of a CSV) → 424 when unreadable. The full read is the task's first chunk.
 */
export async function checkImportFile(file: UploadedFile, format: SourceFormat = 'SPREADSHEET'): Promise<void> {
  const ext = extensionOf(file.filename);
  const source = sourceFormatDefinition(format);
  if (source) {
    // an exchange format: its extensions, and the format's own look at the content (DATANORM: text whose first line
    // is a record; BMEcat: a BMECAT root in any encoding the reader takes, UTF-16 included)
    if (!acceptsExtension(format, ext)) throw E.articleImportWrongFormat();
    if (file.bytes.length === 0) throw E.articleImportUnreadable();
    if (!source.looksLike(file.bytes)) throw E.articleImportWrongFormat();
    return;
  }
  if (!(ARTICLE_IMPORT_EXTENSIONS as readonly string[]).includes(ext)) throw E.articleImportWrongFormat();
  try {
    const format = resolveFormat(file.bytes, file.filename);
    if (format === 'xlsx') assertSafeZip(file.bytes);
    if (format === 'csv') {
      // the first batch only: encoding, delimiter and that there is a row at all
      for await (const batch of iterateSpreadsheet(file.bytes, file.filename, {
        batchSize: 50,
        maxBytes: ARTICLE_IMPORT_MAX_UPLOAD_BYTES,
      })) {
        void batch;
        break;
      }
    }
    if (file.bytes.length === 0) throw E.articleImportUnreadable();
  } catch (error) {
    if (isSpreadsheetError(error))
      throw WRONG_FORMAT.has(error.code) ? E.articleImportWrongFormat() : E.articleImportUnreadable();
    throw error;
  }
}

/** Article import and export (docs/decisions-imports.md "Article import and export"). */
export class ArticleTransferService {
  constructor(
    private readonly d: AreaDeps,
    private readonly repo: ArticleTransferRepository,
    private readonly configs: ImportConfigsPort,
    private readonly articles: ArticlesService,
  ) {}

  /** POST /article/import (multipart, ≤ 10 MB): checks and stores the file, then `begin`. */
  async startImport(
    principal: Principal,
    file: UploadedFile | undefined,
    configId: string,
  ): Promise<{ taskId: string }> {
    if (!file) throw ApiError.badRequest('validation', [{ path: 'file', key: 'validation.required' }]);
    const config = await this.configs.get(configId);
    if (!config) throw ApiError.notFound();
    await checkImportFile(file, sourceFormatOf(config));
    const importId = this.repo.newImportId();
    const sourcePath = `${articleImportFolder(importId)}${file.filename}`;
    const ext = extensionOf(file.filename) as FileExtension;
    await this.d.files.createIfAbsent(sourcePath, file.bytes, CONTENT_TYPES[ext] ?? 'application/octet-stream', {
      uploadedBy: principal.uid,
    });
    return this.begin(principal, { importId, configId, fileName: file.filename, sourcePath });
  }

  /**
   * POST /article/import/upload (files beyond the 10 MB request limit): a resumable-upload session for the file in
   * a fresh import folder; the browser uploads there, then starts the import with `POST /article/import/uploaded`.
   */
  async uploadSession(fileName: string, size: number, origin?: string): Promise<ArticleImportUploadSession> {
    const name = normaliseFileName(fileName);
    if (!name || !SOURCE_FORMATS.some((format) => acceptsExtension(format, extensionOf(name))))
      throw E.articleImportWrongFormat();
    if (size > ARTICLE_IMPORT_MAX_UPLOAD_BYTES) throw ApiError.payloadTooLarge();
    const importId = this.repo.newImportId();
    const path = `${articleImportFolder(importId)}${name}`;
    const contentType = CONTENT_TYPES[extensionOf(name) as FileExtension] ?? 'application/octet-stream';
    const uploadUrl = await this.d.files.createUploadSession(path, contentType, origin);
    return { importId, uploadUrl, path };
  }

  /** POST /article/import/uploaded: the import of a file uploaded through a session (same checks as the upload). */
  async startUploadedImport(principal: Principal, importId: string, configId: string): Promise<{ taskId: string }> {
    if (await this.repo.getImport(importId)) throw ApiError.conflict();
    const stored = (await this.d.files.list(articleImportFolder(importId)))[0];
    if (!stored) throw ApiError.notFound();
    if (stored.size > ARTICLE_IMPORT_MAX_UPLOAD_BYTES) throw ApiError.payloadTooLarge();
    const fileName = stored.path.slice(articleImportFolder(importId).length);
    const bytes = await readObject(this.d.files, stored.path);
    if (!bytes) throw ApiError.notFound();
    const config = await this.configs.get(configId);
    if (!config) throw ApiError.notFound();
    await checkImportFile(
      { field: 'file', filename: fileName, declaredType: stored.contentType, bytes },
      sourceFormatOf(config),
    );
    return this.begin(principal, { importId, configId, fileName, sourcePath: stored.path }, false);
  }

  /**
   * ONE transaction reads the lock, refuses while its task is not final (409), creates the task and points the lock
   * at it — the lock is free exactly when its task is final, without an end hook. The task starts after the commit.
   */
  private async begin(
    principal: Principal,
    params: ArticleImportParams,
    removeFileOnRefusal = true,
  ): Promise<{ taskId: string }> {
    let taskId: string;
    try {
      taskId = await this.d.transaction(async (tx) => {
        const lock = await this.repo.lock(tx);
        const running = lock && (await this.d.tasks.getInTx(tx, lock.taskId));
        if (running && !isFinalTaskState(running.state)) throw E.articleImportRunning();
        const id = this.d.tasks.createInTx(tx, {
          kind: ARTICLE_IMPORT_TASK,
          params: { ...params, startedBy: editorOf(principal) },
          createdBy: principal.uid,
        });
        this.repo.setLockInTx(tx, { taskId: id, importId: params.importId, configId: params.configId });
        this.repo.createImportInTx(tx, {
          id: params.importId,
          taskId: id,
          configId: params.configId,
          fileName: params.fileName,
          sourcePath: params.sourcePath,
          createdBy: principal.uid,
          created: 0,
          updated: 0,
          failedRows: 0,
        });
        return id;
      });
    } catch (error) {
      if (removeFileOnRefusal) await this.d.files.delete(params.sourcePath).catch(() => false);
      throw error;
    }
    await this.d.tasks.start(taskId);
    return { taskId };
  }

  /** GET /article/import: the latest import's progress (spec 3 "Import progress" plus start, state, counts, report). */
  async progress(): Promise<ArticleImportProgress> {
    const lock = await this.repo.lock();
    const task = lock && (await this.d.tasks.get(lock.taskId));
    if (!lock || !task)
      return { percent: 0, minutesSinceStart: 0, done: 0, total: null, created: 0, updated: 0, failedRows: 0 };
    const record = await this.repo.getImport(lock.importId);
    const final = isFinalTaskState(task.state);
    const start = task.startedAt ?? task.createDate;
    const end = final ? (task.finishedAt ?? task.lastUpdate) : this.d.now();
    let reportPath = record?.reportPath;
    if (final && record && !reportPath) reportPath = await this.writeReport(record.id);
    return {
      taskId: task.id,
      state: task.state,
      percent: task.progress.percent ?? (final ? 100 : task.progress.total === null ? null : 0),
      minutesSinceStart: Math.max(0, Math.floor((end.getTime() - start.getTime()) / 60_000)),
      startDate: start,
      ...(final && task.finishedAt ? { finishDate: task.finishedAt } : {}),
      done: task.progress.done,
      total: task.progress.total,
      fileName: record?.fileName,
      configId: lock.configId,
      ...(task.error ? { errorCode: task.error.code } : {}),
      created: record?.created ?? 0,
      updated: record?.updated ?? 0,
      failedRows: record?.failedRows ?? 0,
      ...(reportPath ? { reportPath } : {}),
    };
  }

  /** GET /article/import/abort: asks the running import to stop after its current chunk (runner.requestAbort). */
  async abort(): Promise<ArticleImportProgress> {
    const lock = await this.repo.lock();
    if (lock) await this.d.tasks.requestAbort(lock.taskId);
    return this.progress();
  }

  /** Inside the configuration's delete transaction: refused while the running import uses it. */
  async refuseDeleteWhileRunning(tx: Transaction, config: ImportConfig): Promise<void> {
    const lock = await this.repo.lock(tx);
    if (!lock || lock.configId !== config.id) return;
    const task = await this.d.tasks.getInTx(tx, lock.taskId);
    if (task && !isFinalTaskState(task.state)) throw E.importConfigInUse();
  }

  /** The per-row report (row, column, reason) as CSV next to the import's file, written once the import is final. */
  private async writeReport(importId: string): Promise<string> {
    const path = `${articleImportFolder(importId)}${IMPORT_REPORT_NAME}`;
    const errors = await this.repo.errors(importId);
    const bytes = writeCsv(
      ['Zeile', 'Spalte', 'Grund'],
      errors.map((e) => [String(e.row), e.column, e.reason]),
    );
    await this.d.files.createIfAbsent(path, Buffer.from(bytes), 'text/csv', {});
    await this.repo.setReportPath(importId, path);
    return path;
  }

  /**
   * POST /article/export: up to DIRECT_EXPORT_MAX_ARTICLES articles (the query's count, before the source and
   * price filter) the file itself; beyond, a task writing under exportResult/ (202 with its id).
   */
  async export(
    principal: Principal,
    filter: ArticleExportFilter,
  ): Promise<{ file: { name: string; bytes: Buffer } } | { task: { taskId: string; path: string } }> {
    const count = await this.articles.exportCount(filter.manufacturers);
    const now = this.d.now();
    if (count <= DIRECT_EXPORT_MAX_ARTICLES) {
      const all = await this.articles.exportPage(filter.manufacturers, undefined, DIRECT_EXPORT_MAX_ARTICLES + 1);
      const lines = exportLines(all, filter);
      return {
        file: { name: exportFileName(now), bytes: lines ? Buffer.from(EXPORT_HEADER + lines) : Buffer.alloc(0) },
      };
    }
    const exportId = this.repo.newImportId();
    const fileName = exportFileName(now, exportId.slice(0, 6));
    const params: ArticleExportParams = {
      exportId,
      fileName,
      filter,
      to: { mail: principal.user.mail, name: principal.user.name, lastname: principal.user.lastname },
    };
    const taskId = await this.d.transaction(async (tx) =>
      this.d.tasks.createInTx(tx, { kind: ARTICLE_EXPORT_TASK, params, createdBy: principal.uid }),
    );
    await this.d.tasks.start(taskId);
    return { task: { taskId, path: `${EXPORT_RESULT_FOLDER}${fileName}` } };
  }
}
