import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArticleImportProgress } from '../../model/article-transfer.js';
import { isFinalTaskState } from '../../model/background-task.js';
import type { Article, FieldValue } from '../../model/catalogue.js';
import type { ImportConfig, SourceFormat } from '../../model/import-config.js';
import { IMPORT_CONFIG_UNIT_DEFAULTS } from '../../model/import-config.js';
import { get, post } from '../../testing/api-client.js';
import { createManufacturer, createUnit, uniq } from '../catalogue/catalogue-fixtures.js';
import { HOSTS } from '../../testing/env.js';
import { admin } from '../../testing/fixtures.js';
import { waitForTask } from '../../testing/task-fixtures.js';
import { postForm } from '../../testing/upload-client.js';
import { IMPORT_LOCK } from './article-transfer.repository.js';

/** The test's import file columns, mapped by header name. */
export const TEST_HEADERS = [
  'Bestellnummer',
  'Herstellernummer',
  'Hersteller',
  'Beschreibung',
  'Listenpreis',
  'Breite',
  'Einheit',
  'Alternativen',
  'GH-Nummer',
  'GH-Preis',
];

/**
 * Writes an import configuration the way the import-configs area stores it (`importConfigs/{id}`, the ImportConfig
 * without id): the article import reads configurations only through IMPORT_CONFIGS_PORT.
 */
export async function createImportConfig(overrides: Partial<ImportConfig> = {}): Promise<ImportConfig> {
  const ref = admin().db.collection('importConfigs').doc();
  const now = new Date().toISOString();
  const config: Omit<ImportConfig, 'id'> = {
    title: uniq('Konfiguration'),
    description: 'Testkonfiguration',
    filename: 'muster.csv',
    headers: TEST_HEADERS,
    headerRowIndex: 1,
    fieldMapping: [
      { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
      { importHeader: 'Herstellernummer', articleField: 'manufacturerNumber' },
      { importHeader: 'Hersteller', articleField: 'manufacturerName' },
      { importHeader: 'Beschreibung', articleField: 'description' },
      { importHeader: 'Listenpreis', articleField: 'listPrice' },
      { importHeader: 'Breite', articleField: 'width' },
      { importHeader: 'Einheit', articleField: 'unitId' },
      { importHeader: 'Alternativen', articleField: 'possibleOrderNumbers' },
      { importHeader: 'GH-Nummer', articleField: 'wholesalerOrderNumber' },
      { importHeader: 'GH-Preis', articleField: 'wholesalerPurchasePrice' },
    ],
    ...IMPORT_CONFIG_UNIT_DEFAULTS,
    unitWidth: 'MM',
    changeEntries: [],
    createDate: now,
    lastUpdate: now,
    ...overrides,
  };
  await ref.set(JSON.parse(JSON.stringify(config)));
  return { ...config, id: ref.id };
}

/** A CSV file (';', UTF-8) of the header line and the rows. */
export function csvFile(rows: ReadonlyArray<ReadonlyArray<string | number>>, headers = TEST_HEADERS): Uint8Array {
  const line = (cells: ReadonlyArray<string | number>) =>
    cells.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(';');
  return new TextEncoder().encode([line(headers), ...rows.map(line)].join('\r\n') + '\r\n');
}

/**
 * A CSV of `rows` padded with blank rows (only separators, dropped by the staging) to at least `minBytes`: a file
 * beyond the multipart limit whose import stays as short as its few real rows.
 */
export function paddedCsvFile(rows: ReadonlyArray<ReadonlyArray<string | number>>, minBytes: number): Uint8Array {
  const head = csvFile(rows);
  // 80-byte blank lines: fewer lines for the staging to skip than with the header's 10 cells
  const blank = new TextEncoder().encode(`${';'.repeat(78)}\r\n`);
  const count = Math.max(0, Math.ceil((minBytes - head.length) / blank.length));
  const bytes = new Uint8Array(head.length + count * blank.length);
  bytes.set(head);
  for (let i = 0; i < count; i++) bytes.set(blank, head.length + i * blank.length);
  return bytes;
}

export const startImport = (token: string | undefined, configId: string, file: { name: string; bytes: Uint8Array }) =>
  postForm(token, '/article/import', { importConfigId: configId }, file);

export { waitForTask };

/** Waits until no article import runs (the lock's task is final or there is none). */
export async function waitUntilNoImportRuns(): Promise<void> {
  const lock = await admin().db.collection(IMPORT_LOCK.collection).doc(IMPORT_LOCK.id).get();
  const taskId = lock.data()?.taskId as string | undefined;
  if (taskId) await waitForTask(taskId, (t) => !t || isFinalTaskState(t.state));
}

export const importProgress = (token: string) => get('/article/import', { token });

/** Imports and waits until the task is final; answers the final progress. */
export async function importAndWait(token: string, configId: string, file: { name: string; bytes: Uint8Array }) {
  await waitUntilNoImportRuns();
  const started = await startImport(token, configId, file);
  if (started.status !== 202) throw new Error(`import answered ${started.status} ${JSON.stringify(started.body)}`);
  await waitForTask(started.body.taskId);
  return (await importProgress(token)).body as ArticleImportProgress;
}

/** A stored file (an import's report, an export) through GET /file/, as text. */
export async function downloadText(token: string, path: string): Promise<string> {
  const res = await fetch(new URL(`/api/file/?path=${encodeURIComponent(path)}`, HOSTS.portal), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`GET /file/ answered ${res.status} for ${path}`);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
}

const FORMAT_FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'formats', 'fixtures');
/** A committed exchange-format sample (formats/fixtures/) as an upload. */
export const formatFixture = (name: string) => ({
  name,
  bytes: new Uint8Array(readFileSync(join(FORMAT_FIXTURES, name))),
});

/** The stored article with this order number, read straight from Firestore. */
export async function storedArticle(orderNumber: string): Promise<Article | undefined> {
  const snap = await admin().db.collection('articles').where('orderNumber', '==', orderNumber).get();
  return snap.docs.map((d) => ({ ...(d.data() as Article), id: d.id }))[0];
}

/** The field value known by `name` (display name or variant), created when the stack has none (no demo seed). */
export async function fieldValueNamed(token: string, kind: 'unit' | 'manufacturer', name: string): Promise<FieldValue> {
  const found = await get(`/${kind}/name`, { token, query: { name } });
  if (found.status === 200 && found.body) return found.body as FieldValue;
  return kind === 'unit' ? createUnit(token, { displayName: name }) : createManufacturer(token, { displayName: name });
}

/** A configuration of an exchange format (no sample, no mapping) through POST /import/config/. */
export async function exchangeConfig(
  token: string,
  sourceFormat: Exclude<SourceFormat, 'SPREADSHEET'>,
  overrides: Record<string, unknown> = {},
): Promise<ImportConfig> {
  const res = await post('/import/config/', {
    token,
    body: { sourceFormat, title: uniq(sourceFormat), description: 'Austauschformat', ...overrides },
  });
  if (res.status !== 201) throw new Error(`POST /import/config/ answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ImportConfig;
}
