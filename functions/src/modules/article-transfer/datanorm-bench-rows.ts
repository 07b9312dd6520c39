// Benchmark rows (issue 23): a 100 000-article DATANORM 4 file imported end to end through a DATANORM configuration
// (API → Cloud Tasks emulator → function: reader, staging, chunks). Called by article-transfer.bench.ts inside
// its bench stack; DATANORM_BENCH_ARTICLES changes the size.
import type { BenchRow } from '../../../../scripts/bench-types.js';

const ARTICLES = Number(process.env.DATANORM_BENCH_ARTICLES ?? 100_000);
const TARGET_S = 90;

/** A V4 file: the header, one A record per article (price units 1/10/100 in turn), a B record for every tenth. */
function datanormBenchFile(articles = ARTICLES): Buffer {
  const header = `V 271126${'Bench Großhandel'.padEnd(40)}${'Artikelstammdaten'.padEnd(40)}${''.padEnd(35)}04EUR`;
  const lines = [header];
  for (let i = 0; i < articles; i++) {
    const n = `DNB-${String(i).padStart(7, '0')}`;
    lines.push(`A;N;${n};00;Artikel ${i};Bench;1;${i % 3};Stk;${1000 + (i % 9000)};RG${i % 20};310;;`);
    if (i % 10 === 0) lines.push(`B;N;${n}; ; ; ;0;0;0;40${String(i).padStart(11, '0')}; ;310;0;1; ;HN-${i};`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

export async function datanormBenchRows(token: string): Promise<BenchRow[]> {
  const { admin } = await import('../../testing/fixtures.js');
  const { call, get, post } = await import('../../testing/api-client.js');
  const { createManufacturer, createUnit } = await import('../catalogue/catalogue-fixtures.js');
  const { startImport, waitForTask, waitUntilNoImportRuns } = await import('./article-transfer-fixtures.js');
  const manufacturer = await createManufacturer(token, { displayName: 'Bench DATANORM Hersteller' });
  const unit = await get('/unit/name', { token, query: { name: 'Stk' } });
  if (!(unit.status === 200 && unit.body)) await createUnit(token, { displayName: 'Stk' });
  const config = await post('/import/config/', {
    token,
    body: { sourceFormat: 'DATANORM', title: 'Bench DATANORM', description: 'Bench', manufacturerId: manufacturer.id },
  });
  if (config.status !== 201) throw new Error(`DATANORM config answered ${config.status}`);
  const file = datanormBenchFile();
  await waitUntilNoImportRuns();
  const start = performance.now();
  const started = await startImport(token, config.body.id, { name: 'DATANORM.001', bytes: file });
  if (started.status !== 202)
    throw new Error(`DATANORM import answered ${started.status} ${JSON.stringify(started.body)}`);
  const task = await waitForTask(started.body.taskId);
  const seconds = (performance.now() - start) / 1000;
  const progress = (await call('GET', '/article/import', { token })).body as { created: number; failedRows: number };
  const stored = (
    await admin().db.collection('articles').where('manufacturerId', '==', manufacturer.id).count().get()
  ).data().count;
  return [
    {
      measure: `DATANORM 4 import, ${ARTICLES} articles (${(file.length / 2 ** 20).toFixed(1)} MB, A + B records; POST → task done)`,
      result: `${seconds.toFixed(1)} s (${task.state})`,
      target: `< ${TARGET_S} s`,
      ok: task.state === 'done' && seconds < TARGET_S,
    },
    {
      measure: 'DATANORM: every article once (created / stored / failed rows)',
      result: `${progress.created} / ${stored} / ${progress.failedRows}`,
      target: `${ARTICLES} / ${ARTICLES} / 0`,
      ok: progress.created === ARTICLES && stored === ARTICLES && progress.failedRows === 0,
    },
  ];
}
