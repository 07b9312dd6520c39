// Load run (issue 34 point 4): 50 simulated users of 10 customer and 5 supplier companies doing the whole flow at
// once — lists, search, enquiry with BOM upload and mapping, offers, accept, confirm, chat, project-folder uploads
// and downloads — against the whole local stack (Hosting → function → our emulators, indexes enforced) for
// LOAD_SECONDS (default 300). Afterwards every record the run created is read back and compared with what the run
// expects. `npm run bench -- load` runs it alone (STACK_PORT_OFFSET as the tests; LOAD_SECONDS=20 for a smoke run).
import os from 'node:os';
import type { BenchRow, BenchSection } from '../bench-types.js';
import { percentile, withBenchStack } from '../bench-helpers.js';
import type { TestUser } from '../../functions/src/testing/fixtures.js';
import { Ledger } from './load-ledger.js';
import { RouteStats } from './load-stats.js';

const CUSTOMER_COMPANIES = 10;
const SUPPLIER_COMPANIES = 5;
const USERS_PER_CUSTOMER = 3;
const USERS_PER_SUPPLIER = 4;
/**
 * Calls in flight at once across the 50 users (LOAD_IN_FLIGHT): the Functions emulator serves one request per worker
 * process (each ~155 MB, loading the function bundle when it starts), so 50 calls in flight are 50 Node processes on
 * the 2 shared cores; the first uncapped run had every call time out (504 after 60 s) at load average 104.
 */
const IN_FLIGHT = 10;

export default function bench(): Promise<BenchSection> {
  const seconds = Number(process.env.LOAD_SECONDS ?? 300);
  const slots = Number(process.env.LOAD_IN_FLIGHT ?? IN_FLIGHT);
  return withBenchStack(async () => {
    // after the environment points at the stack
    const { createCompany, createUser, disposeClients } = await import('../../functions/src/testing/fixtures.js');
    const { customerStep, supplierStep, LoadClient } = await import('./load-scenarios.js');
    const { verifyLedger } = await import('./load-verify.js');

    const team = async (type: 'CUSTOMER' | 'SUPPLIER', size: number) => {
      const company = await createCompany(type, { name: `Last ${type === 'CUSTOMER' ? 'Kunde' : 'Lieferant'}` });
      return Promise.all(Array.from({ length: size }, (_, i) => createUser(company, { admin: i === 0 })));
    };
    const customers: TestUser[] = [];
    for (let i = 0; i < CUSTOMER_COMPANIES; i++) customers.push(...(await team('CUSTOMER', USERS_PER_CUSTOMER)));
    const suppliers: TestUser[] = [];
    for (let i = 0; i < SUPPLIER_COMPANIES; i++) suppliers.push(...(await team('SUPPLIER', USERS_PER_SUPPLIER)));

    const stats = new RouteStats();
    const ledger = new Ledger();
    const client = new LoadClient(stats, slots);
    const load = os.loadavg();
    const started = performance.now();
    const until = started + seconds * 1000;
    let steps = 0;
    const worker = async (me: TestUser, step: typeof customerStep) => {
      while (performance.now() < until) {
        await step({ me, client, ledger });
        steps++;
      }
    };
    // ramp-up: each user starts once the one before him had his first list answered, so the emulator starts its
    // worker processes one after another instead of all at once
    const runs: Promise<void>[] = [];
    const users = interleave(customers, suppliers);
    for (const me of users) {
      const step = me.company.type === 'CUSTOMER' ? customerStep : supplierStep;
      await client.call('GET', '/enquiry/filter', { token: me.token, query: { paginationSize: '15' } });
      runs.push(worker(me, step));
    }
    await Promise.all(runs);
    const elapsed = (performance.now() - started) / 1000;
    const loadAfter = os.loadavg();
    const lost = await verifyLedger(ledger, [...customers, ...suppliers]);
    await disposeClients();
    return section({
      stats,
      ledger,
      lost,
      seconds,
      elapsed,
      steps,
      slots,
      waits: client.waits,
      users: customers.length + suppliers.length,
      load: [load, loadAfter],
    });
  });
}

/** a, b, a, b, … then the rest of the longer one */
function interleave<T>(a: T[], b: T[]): T[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]])
    .flat()
    .filter((x): x is T => x !== undefined);
}

function section(run: {
  stats: RouteStats;
  ledger: Ledger;
  lost: string[];
  seconds: number;
  elapsed: number;
  steps: number;
  slots: number;
  waits: number[];
  users: number;
  load: [number[], number[]];
}): BenchSection {
  const { stats, ledger, lost, elapsed } = run;
  const routes = stats.figures();
  const calls = routes.reduce((n, r) => n + r.count, 0);
  const serverErrors = routes.reduce((n, r) => n + r.serverErrors, 0);
  const unexpected = routes.reduce((n, r) => n + r.unexpected, 0);
  const allowed = routes.reduce((n, r) => n + r.allowed, 0);
  const offers = [...ledger.offers.values()];
  const messages = [...ledger.conversations.values()].reduce((n, c) => n + c.messages, 0);
  const files = offers.reduce((n, o) => n + o.folderFiles, 0);
  const waitsSorted = [...run.waits].sort((a, b) => a - b);
  const count = (state: string) => offers.filter((o) => o.state === state).length;
  const totals: BenchRow[] = [
    {
      measure: 'Calls (all routes)',
      result: `${calls} in ${elapsed.toFixed(0)} s (${(calls / elapsed).toFixed(1)}/s)`,
    },
    { measure: 'Answers ≥ 500 (or no answer)', result: String(serverErrors), target: '0', ok: serverErrors === 0 },
    {
      measure: 'Answers the scenario did not expect (4xx)',
      result: String(unexpected),
      target: '0',
      ok: unexpected === 0,
    },
    {
      measure: `Wait for one of the ${run.slots} calls in flight (client side, not in the route times): p50 / p95`,
      result: `${percentile(waitsSorted, 0.5).toFixed(0)} ms / ${percentile(waitsSorted, 0.95).toFixed(0)} ms`,
    },
    { measure: 'Allowed race answers (409 on a just-closed enquiry)', result: String(allowed) },
    {
      measure: 'Records created: enquiries / offers (ACCEPTED, CONFIRMED) / messages / folder files',
      result: `${ledger.enquiries.size} / ${offers.length} (${count('ACCEPTED')}, ${count('CONFIRMED')}) / ${messages} / ${files}`,
    },
    {
      measure: 'Records lost or in another state afterwards',
      result: String(lost.length),
      target: '0',
      ok: lost.length === 0,
    },
  ];
  const perRoute = routes.map((r) => ({
    measure: `${r.route} (${r.count}×)`,
    result:
      `p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, max ${r.max.toFixed(0)} ms` +
      (r.serverErrors || r.unexpected ? `; ${r.serverErrors} ≥ 500, ${r.unexpected} unexpected` : ''),
  }));
  const fmt = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  return {
    title: `Load run (${run.users} users, ${run.seconds} s)`,
    rows: [...totals, ...perRoute],
    notes: [
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average (1/5/15 min) ${fmt(run.load[0])} before, ${fmt(run.load[1])} after; ${run.steps} scenario steps.`,
      `${CUSTOMER_COMPANIES} customer companies × ${USERS_PER_CUSTOMER} users and ${SUPPLIER_COMPANIES} supplier companies × ${USERS_PER_SUPPLIER} users (the first of each an admin), one async worker each, no think time, at most ${run.slots} calls in flight (LOAD_IN_FLIGHT; users started one after another), through the Hosting emulator's /api rewrite.`,
      'Route = method + path without the query; p50/p95/max over every call of the run, failed ones included.',
      ...stats.faults.map((f) => `Fault: ${f}`),
      ...lost.slice(0, 20).map((l) => `Lost: ${l}`),
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await bench();
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
