// Benchmark (issue 23): a 100 000-row CSV article import end to end through the API and the Cloud Tasks emulator
// (upload, staging, 1 000 chunks of 100 rows, counts exact) with the peak resident memory of the Functions
// emulator's workers, and the export of those 100 000 articles as a task (file under exportResult/).
// `npm run bench -- article-transfer` runs it alone; ARTICLE_TRANSFER_BENCH_ROWS changes the size.
import type { BenchSection } from '../../../../scripts/bench-types.js';
import { functionWorkersRssMb, withBenchStack } from '../../../../scripts/bench-helpers.js';
import { datanormBenchRows } from './datanorm-bench-rows.js';

const ROWS = Number(process.env.ARTICLE_TRANSFER_BENCH_ROWS ?? 100_000);
const TARGET_IMPORT_S = 60;
const TARGET_RSS_MB = 512;
const TARGET_EXPORT_S = 30;

export default function bench(): Promise<BenchSection> {
  return withBenchStack(async () => {
    // after the environment points at the stack
    const { admin, createCompany, createUser, disposeClients } = await import('../../testing/fixtures.js');
    const { call } = await import('../../testing/api-client.js');
    const { createManufacturer } = await import('../../testing/catalogue-fixtures.js');
    const { createImportConfig, csvFile, startImport, waitForTask } = await import('./article-transfer-fixtures.js');
    const { db } = admin();
    const company = await createCompany('ADMIN');
    const { token } = await createUser(company, { admin: true });
    const manufacturer = await createManufacturer(token, { displayName: 'Bench Hersteller' });
    const config = await createImportConfig();

    const rows = Array.from({ length: ROWS }, (_, i) => [
      `BENCH-${String(i).padStart(7, '0')}`,
      `M-${i}`,
      'Bench Hersteller',
      `Artikel ${i}`,
      `${(i % 1000) + 1},${String(i % 100).padStart(2, '0')}`,
      String(10 + (i % 90)),
      '',
      '',
      '',
      '',
    ]);
    const file = csvFile(rows);

    const rssBefore = functionWorkersRssMb();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, functionWorkersRssMb())), 100);
    const importStart = performance.now();
    const started = await startImport(token, config.id, { name: 'bench.csv', bytes: file });
    if (started.status !== 202) throw new Error(`import answered ${started.status} ${JSON.stringify(started.body)}`);
    const task = await waitForTask(started.body.taskId);
    const importSeconds = (performance.now() - importStart) / 1000;
    clearInterval(sampler);
    const progress = (await call('GET', '/article/import', { token })).body as { created: number; failedRows: number };
    const stored = (await db.collection('articles').where('manufacturerId', '==', manufacturer.id).count().get()).data()
      .count;
    const count = (await db.collection('manufacturers').doc(manufacturer.id).get()).get('usedByArticleAmount');
    const exact = task.state === 'done' && progress.created === ROWS && stored === ROWS && count === ROWS;

    const exportStart = performance.now();
    const exp = await call('POST', '/article/export', {
      token,
      body: { manufacturers: [manufacturer.id], importSources: [], priceRange: {} },
    });
    if (exp.status !== 202) throw new Error(`export answered ${exp.status}`);
    const exportTask = await waitForTask(exp.body.taskId);
    const exportSeconds = (performance.now() - exportStart) / 1000;
    const datanormRows = await datanormBenchRows(token);
    await disposeClients();

    return {
      title: `Article import and export at ${ROWS.toLocaleString('en')} rows (issue 23; API → Cloud Tasks emulator → function)`,
      rows: [
        {
          measure: `Import of a ${(file.length / 2 ** 20).toFixed(1)} MB CSV, ${ROWS} rows (POST → task done)`,
          result: `${importSeconds.toFixed(1)} s`,
          target: `< ${TARGET_IMPORT_S} s`,
          ok: importSeconds < TARGET_IMPORT_S,
        },
        {
          measure: 'Rows per second',
          result: (ROWS / importSeconds).toFixed(0),
        },
        {
          measure: 'Every row once: created, stored articles and the manufacturer count',
          result: `${progress.created} / ${stored} / ${count}`,
          target: `${ROWS} each, state done`,
          ok: exact,
        },
        {
          measure: 'Peak RSS of the function workers during the import (sampled every 100 ms)',
          result: `${rssPeak.toFixed(0)} MB (before: ${rssBefore.toFixed(0)} MB)`,
          target: `< ${TARGET_RSS_MB} MB`,
          ok: rssPeak < TARGET_RSS_MB,
        },
        {
          measure: `Export of ${ROWS} articles as a task (POST → file under exportResult/)`,
          result: `${exportSeconds.toFixed(1)} s (${exportTask.state})`,
          target: `< ${TARGET_EXPORT_S} s`,
          ok: exportTask.state === 'done' && exportSeconds < TARGET_EXPORT_S,
        },
        ...datanormRows,
      ],
      notes: [
        'Firestore per imported row, by construction (modules/catalogue/article-import.ts): reads — the order-number ' +
          'claim, the other claims of the row (manufacturer number) and, per chunk, each referenced field value once, ' +
          'plus the task document in the commit; writes — the article and its claims (2 for a new article with an ' +
          'order and a manufacturer number), plus per chunk of 100 rows one increment per field value, the error ' +
          'batch (if any), the import record and the task document.',
        'Storage: the file once, 1 000 batch objects written during the staging and each read by its chunk.',
        'RSS: the Functions emulator runs the API and the task function in the same worker processes; the sample is the ' +
          'largest worker.',
      ],
    };
  });
}
