// Benchmark (issue 23): a 100 000-row CSV article import end to end through the API and the Cloud Tasks emulator
// (upload, staging, chunks, counts exact) with the peak resident memory and CPU time of the Functions emulator's
// workers and the Firestore reads and writes per row; the same rows as .xlsx (through the large-file upload path,
// so every row updates); the export of those articles as a task (file under exportResult/).
// `npm run bench -- article-transfer` runs it alone. Environment: ARTICLE_TRANSFER_BENCH_ROWS changes the size,
// ARTICLE_TRANSFER_BENCH_IMPORT_ONLY=1 runs only the CSV import (e.g. 1 000 000 rows), ARTICLE_TRANSFER_BENCH_HEAP=host
// runs the function runtimes with the heap this machine would give them instead of the task function's container's.
import os from 'node:os';
import type { BenchSection } from '../../../../scripts/bench-types.js';
import {
  containerHeapFlags,
  firestoreOps,
  functionWorkersRssMb,
  stackCpuSeconds,
  withBenchStack,
} from '../../../../scripts/bench-helpers.js';
import { TASK_MEMORY } from '../../platform/tasks/queue-settings.js';
import { datanormBenchRows } from './datanorm-bench-rows.js';

const ROWS = Number(process.env.ARTICLE_TRANSFER_BENCH_ROWS ?? 100_000);
const IMPORT_ONLY = process.env.ARTICLE_TRANSFER_BENCH_IMPORT_ONLY === '1';
const HOST_HEAP = process.env.ARTICLE_TRANSFER_BENCH_HEAP === 'host';
const TASK_MEMORY_MIB =
  Number(/^(\d+)GiB$/.exec(TASK_MEMORY)?.[1] ?? 0) * 1024 || Number(/^(\d+)MiB$/.exec(TASK_MEMORY)?.[1]);
const TARGET_IMPORT_S = 60;
const TARGET_RSS_MB = 512;
const TARGET_EXPORT_S = 30;

export default function bench(): Promise<BenchSection> {
  const heapFlags = HOST_HEAP ? '' : containerHeapFlags(TASK_MEMORY_MIB);
  return withBenchStack(
    async () => {
      // after the environment points at the stack
      const { admin, createCompany, createUser, disposeClients } = await import('../../testing/fixtures.js');
      const { call, post } = await import('../../testing/api-client.js');
      const { createManufacturer } = await import('../catalogue/catalogue-fixtures.js');
      const { createImportConfig, csvFile, startImport, waitForTask, TEST_HEADERS } =
        await import('./article-transfer-fixtures.js');
      const XLSX = await import('@e965/xlsx');
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

      /** Runs one import to its end, sampling the workers' RSS every 100 ms; CPU and Firestore operations as deltas. */
      async function measured(start: () => Promise<{ status: number; body: { taskId: string } }>) {
        const rssBefore = functionWorkersRssMb();
        let rssPeak = rssBefore;
        const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, functionWorkersRssMb())), 100);
        const cpu = () => ({
          functions: stackCpuSeconds('functions'),
          firestore: stackCpuSeconds('firestore'),
          all: stackCpuSeconds('all'),
        });
        const cpuBefore = cpu();
        const opsBefore = await firestoreOps();
        const t0 = performance.now();
        const started = await start();
        if (started.status !== 202)
          throw new Error(`import answered ${started.status} ${JSON.stringify(started.body)}`);
        const task = await waitForTask(started.body.taskId);
        const seconds = (performance.now() - t0) / 1000;
        clearInterval(sampler);
        const ops = await firestoreOps();
        const progress = (await call('GET', '/article/import', { token })).body as {
          created: number;
          updated: number;
          failedRows: number;
        };
        return {
          task,
          seconds,
          rssBefore,
          rssPeak,
          cpu: ((after) => ({
            functions: after.functions - cpuBefore.functions,
            firestore: after.firestore - cpuBefore.firestore,
            all: after.all - cpuBefore.all,
          }))(cpu()),
          reads: (ops.reads - opsBefore.reads) / ROWS,
          writes: (ops.writes - opsBefore.writes) / ROWS,
          progress,
        };
      }

      const file = csvFile(rows);
      const csv = await measured(() => startImport(token, config.id, { name: 'bench.csv', bytes: file }));
      const stored = (
        await db.collection('articles').where('manufacturerId', '==', manufacturer.id).count().get()
      ).data().count;
      const count = (await db.collection('manufacturers').doc(manufacturer.id).get()).get('usedByArticleAmount');
      const exact = csv.task.state === 'done' && csv.progress.created === ROWS && stored === ROWS && count === ROWS;

      const out: BenchSection['rows'] = [
        {
          measure: `Import of a ${(file.length / 2 ** 20).toFixed(1)} MB CSV, ${ROWS} rows (POST → task done)`,
          result: `${csv.seconds.toFixed(1)} s`,
          target: `< ${TARGET_IMPORT_S} s`,
          ok: csv.seconds < TARGET_IMPORT_S,
        },
        { measure: 'Rows per second', result: (ROWS / csv.seconds).toFixed(0) },
        {
          measure: 'Every row once: created, stored articles and the manufacturer count',
          result: `${csv.progress.created} / ${stored} / ${count}`,
          target: `${ROWS} each, state done`,
          ok: exact,
        },
        {
          measure: `Peak RSS of this stack's function workers during the import (sampled every 100 ms; ${
            HOST_HEAP ? "this machine's default heap" : `heap of a ${TASK_MEMORY} container: ${heapFlags}`
          })`,
          result: `${csv.rssPeak.toFixed(0)} MB (before: ${csv.rssBefore.toFixed(0)} MB)`,
          target: `< ${TARGET_RSS_MB} MB`,
          ok: csv.rssPeak < TARGET_RSS_MB,
        },
        {
          measure: 'CPU time during the import: function workers / Firestore emulator / whole stack',
          result: `${csv.cpu.functions.toFixed(1)} s / ${csv.cpu.firestore.toFixed(1)} s / ${csv.cpu.all.toFixed(1)} s`,
        },
        {
          measure: 'Firestore per imported row (new articles): documents read / writes (emulator counters)',
          result: `${csv.reads.toFixed(2)} / ${csv.writes.toFixed(2)}`,
        },
        {
          measure: 'Load average (1 / 5 min) after the CSV import',
          result: os
            .loadavg()
            .slice(0, 2)
            .map((l) => l.toFixed(1))
            .join(' / '),
        },
      ];

      if (!IMPORT_ONLY) {
        // the same rows as .xlsx (≈ 15 MB: beyond the 10 MB request, so through the upload session); every row updates
        const ws = XLSX.utils.aoa_to_sheet([TEST_HEADERS, ...rows]);
        const wb = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(wb, ws, 'Artikel');
        const xlsx = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
        const x = await measured(async () => {
          const session = await post('/article/import/upload', {
            token,
            body: { fileName: 'bench.xlsx', size: xlsx.length },
          });
          if (session.status !== 201) throw new Error(`upload session answered ${session.status}`);
          const put = await fetch(session.body.uploadUrl, { method: 'PUT', body: new Uint8Array(xlsx) });
          if (put.status >= 300) throw new Error(`upload answered ${put.status}`);
          return post('/article/import/uploaded', {
            token,
            body: { importId: session.body.importId, importConfigId: config.id },
          });
        });
        out.push(
          {
            measure: `Import of the same rows as a ${(xlsx.length / 2 ** 20).toFixed(1)} MB .xlsx (upload session → task done; every row updates)`,
            result: `${x.seconds.toFixed(1)} s (${x.task.state}, updated ${x.progress.updated})`,
          },
          {
            measure: 'Peak RSS of the function workers during the .xlsx import',
            result: `${x.rssPeak.toFixed(0)} MB`,
            target: `< ${TARGET_RSS_MB} MB`,
            ok: x.rssPeak < TARGET_RSS_MB,
          },
          {
            measure: 'Firestore per imported row (updates): documents read / writes',
            result: `${x.reads.toFixed(2)} / ${x.writes.toFixed(2)}`,
          },
        );

        const exportStart = performance.now();
        const exp = await call('POST', '/article/export', {
          token,
          body: { manufacturers: [manufacturer.id], importSources: [], priceRange: {} },
        });
        if (exp.status !== 202) throw new Error(`export answered ${exp.status}`);
        const exportTask = await waitForTask(exp.body.taskId);
        const exportSeconds = (performance.now() - exportStart) / 1000;
        out.push({
          measure: `Export of ${ROWS} articles as a task (POST → file under exportResult/)`,
          result: `${exportSeconds.toFixed(1)} s (${exportTask.state})`,
          target: `< ${TARGET_EXPORT_S} s`,
          ok: exportTask.state === 'done' && exportSeconds < TARGET_EXPORT_S,
        });
        out.push(...(await datanormBenchRows(token)));
      }
      await disposeClients();

      return {
        title: `Article import and export at ${ROWS.toLocaleString('en')} rows (issue 23; API → Cloud Tasks emulator → function)`,
        rows: out,
        notes: [
          'Firestore per row, counted by our emulator (GET /emulator/v1/stats: documents requested by gets, returned by ' +
            'queries, one per aggregation; writes applied): a new row reads its order-number and manufacturer-number ' +
            'claims and writes the article and both claims; per chunk of ≤ 150 rows come the task document (read and ' +
            'written), the import record, one increment per field value and the field values read once.',
          'Storage: the file once, one batch object per 150 rows written during the staging and each read once.',
          'RSS: the Functions emulator runs the API and the task function in worker processes of this stack (other ' +
            "checkouts' stacks are excluded); the sample is the largest worker. The function runtimes get the V8 heap " +
            `limits Node derives from a ${TASK_MEMORY} container (scripts/bench-helpers.ts containerHeapFlags), unless ` +
            'ARTICLE_TRANSFER_BENCH_HEAP=host.',
        ],
      };
    },
    { functionsNodeOptions: heapFlags || undefined },
  );
}
