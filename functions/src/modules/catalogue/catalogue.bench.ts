// Benchmark (issue 22): the catalogue at 100 000 articles through Hosting → function → our emulators (the whole
// local stack, indexes enforced): the list page with a manufacturer filter sorted by list price with its count, the
// order-number search, `/article/search`, an article create with three alternatives, and a combine of a manufacturer
// used by 20 000 articles (done, every article on the survivor, counts exact). `npm run bench -- catalogue` runs it
// alone; CATALOGUE_BENCH_ARTICLES changes the size (e.g. 1 000 000 where the machine allows).
import type { BenchSection } from '../../../../scripts/bench-types.js';
import { percentile, timeRuns, withBenchStack } from '../../../../scripts/bench-helpers.js';

const ARTICLES = Number(process.env.CATALOGUE_BENCH_ARTICLES ?? 100_000);
/** the manufacturer combined at the end */
const COMBINED = Math.min(20_000, Math.floor(ARTICLES / 5));
const MANUFACTURERS = 20;
const RUNS = 50;
const WARM_UP = 5;
const BATCH = 10_000;

const ms = (n: number) => `${n.toFixed(1)} ms`;

export default function bench(): Promise<BenchSection> {
  return withBenchStack(async () => {
    // after the environment points at the stack
    const { admin, createCompany, createUser, disposeClients } = await import('../../testing/fixtures.js');
    const { call } = await import('../../testing/api-client.js');
    const { waitForDocument } = await import('../../testing/wait-for-document.js');
    const { ArticlesRepository, FieldValuesRepository } = await import('./catalogue.repository.js');
    const { db } = admin();
    const company = await createCompany('ADMIN');
    const { token } = await createUser(company, { admin: true });
    const now = new Date();

    // field values with the counts the generated articles will have (the bulk path bypasses the article writes)
    const manufacturers = new FieldValuesRepository(db, 'manufacturer');
    const units = new FieldValuesRepository(db, 'unit');
    const perManufacturer = new Array<number>(MANUFACTURERS).fill(0);
    const manufacturerOf = (i: number) => (i < COMBINED ? 0 : 1 + (i % (MANUFACTURERS - 1)));
    for (let i = 0; i < ARTICLES; i++) perManufacturer[manufacturerOf(i)]!++;
    const mIds = perManufacturer.map((_, m) => `bench-m${m}`);
    await manufacturers.createMany(
      perManufacturer.map((count, m) => ({
        id: mIds[m]!,
        displayName: `Hersteller ${m}`,
        nameVariants: [],
        usedByArticleAmount: count,
        createDate: now,
        lastUpdate: now,
      })),
    );
    await manufacturers.createMany([
      {
        id: 'bench-survivor',
        displayName: 'Überlebender',
        nameVariants: [],
        usedByArticleAmount: 0,
        createDate: now,
        lastUpdate: now,
      },
    ]);
    await units.createMany([
      {
        id: 'bench-unit',
        displayName: 'Stück',
        nameVariants: [],
        usedByArticleAmount: ARTICLES,
        createDate: now,
        lastUpdate: now,
      },
    ]);

    // the articles: bulk writes through EntityCollection.createMany (unthrottled), derived keys through the converter
    const articles = new ArticlesRepository(db);
    const seedStart = performance.now();
    for (let from = 0; from < ARTICLES; from += BATCH) {
      const batch = [];
      for (let i = from; i < Math.min(ARTICLES, from + BATCH); i++) {
        const m = manufacturerOf(i);
        batch.push({
          id: `bench-a${i}`,
          orderNumber: `${String(1000000 + i)}`,
          manufacturerNumber: `M${m}-${i}`,
          manufacturerId: mIds[m],
          manufacturerName: `Hersteller ${m}`,
          description: `Artikel ${i}`,
          listPrice: Math.round(((i * 7919) % 100000) + 1) / 100,
          unitId: 'bench-unit',
          width: (i % 50) / 2,
          articleImportSource: 'CSV' as const,
          possibleOrderNumbers: [`ALT${i}`],
          possibleManufacturerNumbers: [],
          wholesalerInfos: [],
          createDate: now,
          lastUpdate: now,
        });
      }
      await articles.createMany(batch, { throttling: false }); // 500 writes/s would take 200 s for 100 000
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;
    // let the emulator settle after the bulk load, as a catalogue does that was not imported a second ago: its first
    // flush of the new documents to disk (every 5 s) and its idle compaction (after 1 s without writes) run now,
    // not in the middle of the measured calls (they cost the first ~2 s of calls 40–200 ms each)
    await new Promise((resolve) => setTimeout(resolve, 7000));

    const get = (path: string, query: Record<string, string>) => call('GET', path, { token, query });
    const measure = async (fn: (run: number) => Promise<{ status: number }>) => {
      for (let i = 0; i < WARM_UP; i++) await fn(i);
      return timeRuns(async (run) => {
        const res = await fn(run);
        if (res.status !== 200 && res.status !== 201) throw new Error(`bench call answered ${res.status}`);
      }, RUNS);
    };
    const list = await measure((run) =>
      get('/article/filter', {
        manufacturer: mIds[1 + (run % (MANUFACTURERS - 1))]!,
        column: 'listPrice',
        sortDescending: 'true',
        page: String(run % 5),
        paginationSize: '15',
      }),
    );
    const orderSearch = await measure((run) =>
      get('/article/filter', { orderNumber: String(10000 + run * 13), page: '0', paginationSize: '15' }),
    );
    const search = await measure((run) => get('/article/search', { searchTerm: String(1000000 + run * 997) }));
    // the same reads straight from Node (no Hosting, function, token): what the emulator itself costs
    const direct = async (fn: (run: number) => Promise<unknown>) =>
      measure(async (run) => {
        await fn(run);
        return { status: 200 };
      });
    const orderSearchDirect = await direct((run) =>
      articles.page({ orderNumber: String(10000 + run * 13), sortDescending: false, page: 0, size: 15 }),
    );
    const searchDirect = await direct((run) => articles.search(String(1000000 + run * 997), 10));
    const create = await measure((run) =>
      call('POST', '/article', {
        token,
        body: {
          orderNumber: `NEU-${run}-${Date.now()}`,
          manufacturerId: mIds[1],
          unitId: 'bench-unit',
          possibleOrderNumbers: [
            `NEU-A-${run}-${Date.now()}`,
            `NEU-B-${run}-${Date.now()}`,
            `NEU-C-${run}-${Date.now()}`,
          ],
        },
      }),
    );

    // combine: the 20 000 articles of manufacturer 0 move to the survivor
    const combineStart = performance.now();
    const res = await get('/manufacturer/combine', { manufacturerIds: `bench-survivor,${mIds[0]}` });
    if (res.status !== 200) throw new Error(`combine answered ${res.status}`);
    await waitForDocument<{ state: string }>(db.collection('backgroundTasks').doc(res.body.taskId), (d) =>
      ['done', 'failed', 'aborted'].includes(d?.state ?? ''),
    );
    const combineSeconds = (performance.now() - combineStart) / 1000;
    const [left, moved, survivor] = await Promise.all([
      db.collection('articles').where('manufacturerId', '==', mIds[0]).count().get(),
      db.collection('articles').where('manufacturerId', '==', 'bench-survivor').count().get(),
      db.collection('manufacturers').doc('bench-survivor').get(),
    ]);
    const exact =
      left.data().count === 0 &&
      moved.data().count === COMBINED &&
      survivor.get('usedByArticleAmount') === COMBINED &&
      !(await db.collection('manufacturers').doc(mIds[0]!).get()).exists;
    await disposeClients();

    if (process.env.CATALOGUE_BENCH_DEBUG) console.error({ list, orderSearch, search, create }); // every run's time, to look at the tail
    const row = (measure: string, times: number[], target: number) => ({
      measure: `${measure} (p50 ${ms(percentile(times, 0.5))})`,
      result: `p95 ${ms(percentile(times, 0.95))}`,
      target: `p95 < ${target} ms`,
      ok: percentile(times, 0.95) < target,
    });
    const indexes = (await import('../../indexes.js')).requiredIndexes().length;
    return {
      title: `Catalogue at ${ARTICLES.toLocaleString('en')} articles (issue 22; Hosting → function → emulators)`,
      rows: [
        {
          measure: `Bulk write of ${ARTICLES} articles (createMany unthrottled, batches of ${BATCH})`,
          result: `${seedSeconds.toFixed(1)} s`,
        },
        row('List page: manufacturer filter, sort listPrice desc, count', list, 150),
        row(
          'Order-number search (a fragment: array-contains orderNumberTokens, sorted by order number)',
          orderSearch,
          50,
        ),
        row('GET /article/search (order/manufacturer prefix, alternatives, fragments)', search, 50),
        {
          measure: 'For comparison, p50: order-number search page + count() straight from Node (no HTTP, no token)',
          result: ms(percentile(orderSearchDirect, 0.5)),
        },
        {
          measure: 'For comparison, p50: the /article/search queries straight from Node',
          result: ms(percentile(searchDirect, 0.5)),
        },
        row('Article create with three alternatives', create, 200),
        {
          measure: `Combine a manufacturer used by ${COMBINED} articles (task done)`,
          result: `${combineSeconds.toFixed(1)} s`,
          target: 'completes, every article on the survivor, counts exact',
          ok: exact,
        },
        {
          measure: 'Composite indexes in firestore.indexes.json',
          result: String(indexes),
          target: '< 300',
          ok: indexes < 300,
        },
      ],
      notes: [
        `${RUNS} runs after ${WARM_UP} warm-up calls each, one after another, signed in as an admin-flag user; the ` +
          'first measure starts 7 s after the bulk load (the emulator has flushed it to disk and compacted its heap).',
        'Firestore reads per call (by construction, data/paged-query.ts readPage): list page 15 documents + the skipped ' +
          'page × 15 (offset) + 1 per 1 000 counted index entries; order-number search the same; /article/search at ' +
          'most 5 × amount documents (the order-number prefix first; the manufacturer-number prefix, the alternatives ' +
          "then both numbers' fragments, each stage only while fewer than amount were found); create 1 article + 6 claims + 2 field values read in its transaction.",
      ],
    };
  });
}
