// Benchmark (issue 34 point 1): GET /user/filter, a page of 15 of 100 000 users with its count, as the platform
// admin sees the list (all companies, the name search, sorted by last name), through Hosting → function → our
// Firestore emulator (the whole local stack, indexes enforced). `npm run bench -- user-list` runs it alone.
import os from 'node:os';
import type { BenchSection } from '../../../../scripts/bench-types.js';
import { percentile, timeRuns, withBenchStack } from '../../../../scripts/bench-helpers.js';

/** Issue 34: lists are judged at 100 000 records of their kind (USERS_BENCH_RECORDS for a quicker run). */
const USERS = Number(process.env.USERS_BENCH_RECORDS ?? 100_000);
const COMPANIES = 100;
const DEEP_PAGE = 500;
const DEEP_RUNS = 50;
const WARM_UP = 20;
const RUNS = 200;
const TARGET_P95_MS = 100;
const TARGET_DEEP_P95_MS = 300;
/** 1 in 4 users is a "Müller": the search "mül" matches a quarter of the list. */
const LASTNAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer'];
const NAMES = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta'];

export default function bench(): Promise<BenchSection> {
  return withBenchStack(async () => {
    // after the environment points at the stack
    const { admin, createCompany, createUser, disposeClients } = await import('../../testing/fixtures.js');
    const { UsersRepository } = await import('./users.repository.js');
    const { call } = await import('../../testing/api-client.js');

    const platform = await createCompany('ADMIN', { name: 'Bench Plattform GmbH' });
    const operator = await createUser(platform, { admin: true });
    const companies = await Promise.all(
      Array.from({ length: COMPANIES }, (_, i) => createCompany('CUSTOMER', { name: `Bench Kunde ${i} GmbH` })),
    );
    const repo = new UsersRepository(admin().db);
    const all = Array.from({ length: USERS }, (_, i) => {
      const company = companies[i % COMPANIES]!;
      return {
        id: `bench${String(i).padStart(6, '0')}`,
        name: NAMES[i % NAMES.length]!,
        lastname: `${LASTNAMES[i % LASTNAMES.length]!} ${i}`,
        mail: `user${i}@bench.schrankwerk.de`,
        phoneNumber: '+49 711 0',
        admin: false,
        companyId: company.id,
        company,
        permissions: [],
        passwordChangeNeeded: false,
        loginCounter: i % 50,
      };
    });
    const writeStart = performance.now();
    for (let i = 0; i < all.length; i += 500) await repo.createMany(all.slice(i, i + 500));
    const writeMs = performance.now() - writeStart;

    const expected = USERS / LASTNAMES.length;
    const page = async (n: number) => {
      const res = await call('GET', '/user/filter', {
        token: operator.token,
        query: { search: 'mül', column: 'lastname', paginationSize: '15', page: String(n) },
      });
      if (res.status !== 200 || res.body.content.length !== 15 || res.body.totalElements !== expected)
        throw new Error(`unexpected answer ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
    };
    const load = os.loadavg()[0]!.toFixed(2);
    await timeRuns((n) => page(n % 5), WARM_UP);
    const times = await timeRuns((n) => page(n % 5), RUNS);
    const deep = await timeRuns(() => page(DEEP_PAGE), DEEP_RUNS);
    const loadAfter = os.loadavg()[0]!.toFixed(2);
    const p95 = percentile(times, 0.95);
    const deepP95 = percentile(deep, 0.95);
    const direct = percentile(
      await timeRuns(
        () => repo.page({ search: 'mül', column: 'lastname', sortDescending: false, page: 2, paginationSize: 15 }),
        50,
      ),
      0.5,
    );
    await disposeClients();
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    return {
      title: 'User list (GET /user/filter through Hosting)',
      rows: [
        {
          measure: `Write ${USERS} users of ${COMPANIES} companies (bulk writer, batches of 500)`,
          result: `${(writeMs / 1000).toFixed(2)} s`,
        },
        {
          measure: `Page of 15, search "mül" (${expected} matches), lastname asc: p50`,
          result: ms(percentile(times, 0.5)),
        },
        { measure: 'Same: p95', result: ms(p95), target: `< ${TARGET_P95_MS} ms`, ok: p95 < TARGET_P95_MS },
        { measure: 'Same: max', result: ms(times.at(-1)!) },
        { measure: `Page ${DEEP_PAGE} (offset ${DEEP_PAGE * 15}): p50`, result: ms(percentile(deep, 0.5)) },
        {
          measure: `Page ${DEEP_PAGE}: p95`,
          result: ms(deepP95),
          target: `< ${TARGET_DEEP_P95_MS} ms`,
          ok: deepP95 < TARGET_DEEP_P95_MS,
        },
        {
          measure: 'For comparison, p50: the page + count() straight from Node (no HTTP, no token)',
          result: ms(direct),
        },
      ],
      notes: [
        `Load average (1 min) ${load} before the timed calls, ${loadAfter} after them (${os.cpus().length} cores).`,
        `${RUNS} sequential calls after ${WARM_UP} warm-up calls, pages 0–4 in turn, then ${DEEP_RUNS} of page ${DEEP_PAGE}, as the platform admin through the Hosting emulator's /api rewrite to the Functions emulator.`,
        'Each call: authenticate, then the page (projection to the list fields, array-contains on searchTokens, orderBy lastnameSort, offset/limit) and count() in parallel, on our Firestore emulator with indexes enforced.',
      ],
    };
  });
}
