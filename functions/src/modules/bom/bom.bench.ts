// Benchmark (issue 24): POST /enquiry/bom/map of 1 000 and 5 000 lines (the synchronous ceiling) against a catalogue
// of 100 000 articles, and a page of the article table, through Hosting → function → our Firestore emulator (the
// whole local stack, indexes enforced), as the SPA calls them; plus the Firestore reads the matching costs per line,
// counted in this process over the same lookup. `npm run bench -- bom` runs it alone (take the stack lock:
// flock /tmp/schrankwerk-stack.lock); it starts its own stack on a throw-away folder.
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BenchSection } from '../../../../scripts/bench-types.js';
import { TASK_MEMORY } from '../../platform/tasks/queue-settings.js';
import { percentile, timeRuns, withBenchStack } from '../../../../scripts/bench-helpers.js';

const run = promisify(execFile);
const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../../..');
const RSS_WORKER = join(HERE, 'bom-task-rss.worker.ts');
const ARTICLES = 100_000;
const SIZES = [1000, 5000] as const;
const TARGETS_MS: Record<number, number> = { 1000: 3000, 5000: 10_000 };
const PAGE_RUNS = 100;
const PAGE_TARGET_P95_MS = 150;

export default function bench(): Promise<BenchSection> {
  return withBenchStack(async () => {
    const { admin, createCompany, createUser, disposeClients } = await import('../../testing/fixtures.js');
    const { call } = await import('../../testing/api-client.js');
    const { storeEnquiry, uploadBom } = await import('../enquiries/enquiries-fixtures.js');
    const { countReads } = await import('../../testing/read-counter.js');
    const { waitForDocument } = await import('../../testing/wait-for-document.js');
    const { ArticlesRepository } = await import('../catalogue/catalogue.repository.js');
    const { CatalogueArticleLookup } = await import('../catalogue/catalogue-lookup.js');
    const { matchBomLines } = await import('../../bom/matcher.js');

    const customer = await createUser(await createCompany('CUSTOMER', { name: 'Bench Stückliste GmbH' }), {
      admin: true,
    });
    const articles = new ArticlesRepository(admin().db);
    const now = new Date();
    const writeStart = performance.now();
    for (let i = 0; i < ARTICLES; i += 500)
      await articles.createMany(
        Array.from({ length: Math.min(500, ARTICLES - i) }, (_, j) => ({
          id: `bench${String(i + j).padStart(6, '0')}`,
          orderNumber: `B-${i + j}`,
          manufacturerNumber: `MN${i + j}`,
          description: `Artikel ${i + j}`,
          listPrice: 1 + ((i + j) % 100),
          articleImportSource: 'CSV' as const,
          possibleOrderNumbers: [],
          possibleManufacturerNumbers: [],
          wholesalerInfos: [],
          createDate: now,
          lastUpdate: now,
        })),
      );
    const writeMs = performance.now() - writeStart;

    /** Every other line a catalogue number (spread over the catalogue), the rest unknown. */
    const csv = (count: number) => {
      const rows = ['Pos;Bestellnummer;Menge'];
      for (let i = 0; i < count; i++)
        rows.push(`${i + 1};${i % 2 ? `B-${(i * 7919) % ARTICLES}` : `NEU-${i}`};${1 + (i % 5)}`);
      return Buffer.from(rows.join('\r\n'));
    };
    const mapping = [
      { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
      { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' },
    ];
    const rows: BenchSection['rows'] = [
      {
        measure: `Write ${ARTICLES} articles (bulk writer, batches of 500)`,
        result: `${(writeMs / 1000).toFixed(1)} s`,
      },
    ];
    let lastEnquiry = '';
    // the function's cold start (module load, first token check) is not the BOM's
    const warm = await storeEnquiry(customer);
    await uploadBom(customer.token, warm.id, 'warm.csv', csv(10));
    await call('POST', '/enquiry/bom/map', {
      token: customer.token,
      body: { enquiryId: warm.id, headerRowIndex: 1, mapping },
    });
    for (const size of SIZES) {
      const draft = await storeEnquiry(customer);
      const up = await uploadBom(customer.token, draft.id, 'bench.csv', csv(size));
      if (up.status !== 200) throw new Error(`upload ${up.status}`);
      const t0 = performance.now();
      const res = await call('POST', '/enquiry/bom/map', {
        token: customer.token,
        body: { enquiryId: draft.id, headerRowIndex: 1, mapping },
      });
      const ms = performance.now() - t0;
      if (res.status !== 200 || res.body.summary.lineCount !== size)
        throw new Error(`map ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      rows.push({
        measure: `POST /enquiry/bom/map, ${size} lines (read, map, match, store ${size} line documents)`,
        result: `${(ms / 1000).toFixed(2)} s`,
        target: `< ${TARGETS_MS[size]! / 1000} s`,
        ok: ms < TARGETS_MS[size]!,
      });
      lastEnquiry = draft.id;
    }

    // above the ceiling: the background task, from the 202 until the task document says done
    {
      const draft = await storeEnquiry(customer);
      const up = await uploadBom(customer.token, draft.id, 'gross.csv', csv(20_000));
      if (up.status !== 200) throw new Error(`upload ${up.status}`);
      const t0 = performance.now();
      const res = await call('POST', '/enquiry/bom/map', {
        token: customer.token,
        body: { enquiryId: draft.id, headerRowIndex: 1, mapping },
      });
      if (res.status !== 202) throw new Error(`map ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      const task = await waitForDocument<{ state: string }>(
        admin()
          .db.collection('backgroundTasks')
          .doc(res.body.taskId as string),
        (t) => t?.state === 'done' || t?.state === 'failed',
      );
      if (task.state !== 'done') throw new Error(`task ${task.state}`);
      const ms = performance.now() - t0;
      rows.push({
        measure: 'POST /enquiry/bom/map, 20 000 lines through the background task (202 until the task is done)',
        result: `${(ms / 1000).toFixed(2)} s`,
      });
    }

    // the mapping process alone: one process runs the 20 000-line task to its end (runner and kind as the task
    // function runs them), its peak RSS against the memory of the function that maps (backgroundTasks: TASK_MEMORY)
    {
      const draft = await storeEnquiry(customer);
      const up = await uploadBom(customer.token, draft.id, 'gross.csv', csv(20_000));
      if (up.status !== 200) throw new Error(`upload ${up.status}`);
      const { platform } = admin().container;
      const taskId = await platform.tasks.create({
        kind: 'bomMap',
        params: {
          owner: 'enquiry',
          ownerId: draft.id,
          runId: platform.db.collection('bomJobs').doc().id,
          enquiryId: draft.id,
          revision: 1,
          headerRowIndex: 1,
          mapping,
          uid: customer.user.id,
          companyId: customer.company.id,
          name: customer.user.name ?? '',
          lastname: customer.user.lastname ?? '',
        },
        createdBy: customer.user.id,
      });
      const { stdout } = await run(process.execPath, ['--import', 'tsx', RSS_WORKER, taskId], {
        cwd: ROOT,
        env: process.env,
        maxBuffer: 1 << 20,
        timeout: 600_000,
      });
      const r = JSON.parse(stdout.trim().split('\n').pop()!) as {
        ms: number;
        peakRssMb: number;
        baselineMb: number;
        deliveries: number;
      };
      const limitMb = parseInt(TASK_MEMORY, 10) * 1024;
      rows.push({
        measure: `Peak RSS of the process mapping 20 000 lines through the task path (${r.deliveries} deliveries in ${(r.ms / 1000).toFixed(1)} s; ${r.baselineMb.toFixed(0)} MB after loading the modules)`,
        result: `${r.peakRssMb.toFixed(0)} MB`,
        target: `< ${limitMb} MB (backgroundTasks memory ${TASK_MEMORY})`,
        ok: r.peakRssMb < limitMb,
      });
    }

    const page = async (n: number) => {
      const res = await call('GET', '/enquiry/bom/lines', {
        token: customer.token,
        query: {
          enquiryId: lastEnquiry,
          errorsOnly: n % 2 ? 'true' : 'false',
          column: 'orderNumber',
          page: String(n % 5),
        },
      });
      if (res.status !== 200 || res.body.content.length !== 15) throw new Error(`lines ${res.status}`);
    };
    await timeRuns(page, 10);
    const times = await timeRuns(page, PAGE_RUNS);
    const p95 = percentile(times, 0.95);
    rows.push({
      measure: 'GET /enquiry/bom/lines, page of 15 of 5 000 (errors only or all, sorted by order number): p95',
      result: `${p95.toFixed(1)} ms`,
      target: `< ${PAGE_TARGET_P95_MS} ms`,
      ok: p95 < PAGE_TARGET_P95_MS,
    });

    // reads of the matching alone, counted in this process over the same Firestore lookup
    const lines = Array.from({ length: 5000 }, (_, i) => ({
      rowNumber: i + 2,
      orderNumber: i % 2 ? `B-${(i * 7919) % ARTICLES}` : `NEU-${i}`,
      quantity: 1,
      isSuppliedPart: false,
      problems: [],
      manualReplacement: false,
      edited: false,
    }));
    const counter = countReads();
    await matchBomLines(lines, new CatalogueArticleLookup(articles, new Map(), new Map()));
    const reads = counter.reads;
    counter.restore();
    rows.push({
      measure: 'Firestore reads per line while matching 5 000 lines (half of them found)',
      result: (reads / lines.length).toFixed(2),
      target: '≤ 2',
      ok: reads / lines.length <= 2,
    });
    await disposeClients();
    return {
      title: 'BOM jobs (POST /enquiry/bom/map and the article table through Hosting)',
      rows,
      notes: [
        'The synchronous ceiling is 5 000 data rows (BOM_SYNC_MAX_LINES); above it the map runs as the background task `bomMap` (202), above 50 000 rows 413 bomTooLarge (docs/decisions-bom.md).',
        'Matching: one `in` query per 30 distinct keys and round (order number, manufacturer number, alternatives), 4 in flight; each found article is one document read.',
      ],
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await bench();
  console.log(JSON.stringify(section, null, 2));
  process.exit(0);
}
