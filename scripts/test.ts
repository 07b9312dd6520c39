import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { mergeIndexReports, printIndexReport } from '@schrankwerk/emulators/firestore/index-report';
import type { IndexReport } from '@schrankwerk/emulators/firestore/index-report';
import { buildAll } from './stack/build.js';
import { ensureChromium } from './stack/chromium.js';
import { HOST, portsFor } from './stack/ports.js';
import { readStages, recordStage, resetStages, timed } from './stage-times.js';
import { mergeSummaries, runVitest, type TestSummary } from './test-run.js';

// `npm test`: every vitest project. Ends with the failed tests (file, name, first lines of the error), the stage
// times and the plain closing line "Tests: N passed, N failed, N skipped", so the tail of a CI log says what broke.
// Extra args select projects (--project=web) and files; then one vitest run in this process does it.
//
// Without a selection the groups below run side by side, each a vitest process of its own: vitest gives one run
// availableParallelism()-1 workers (one on a 2-core machine) and runs the serial stack project after the others,
// so in one run the stages add up, although the stack's files mostly wait on the emulators and Chromium, which
// have cores of their own. The stack's files are split over two stacks, STACK_PORT_OFFSET 700 apart.
const args = process.argv.slice(2);
const filters = args.filter((a) => !a.startsWith('--'));
const projects = args.filter((a) => a.startsWith('--project=')).map((a) => a.slice(10));
const summaryFile = process.env.TEST_SUMMARY_FILE;
const baseOffset = Number(process.env.STACK_PORT_OFFSET ?? 0);

interface Group {
  label: string;
  projects: string[];
  /** path fragments that select the group's files (vitest's filters) */
  filters?: string[];
  /** globs of files the filters select that another group runs */
  exclude?: string[];
  /** a group with a stack of its own, shifted by this much beyond STACK_PORT_OFFSET */
  stackOffset?: number;
  /** vitest workers for the group's files (default: availableParallelism() - 1) */
  workers?: number;
  /** a lower CPU priority (nice value) for the group and what it starts */
  nice?: number;
}

/**
 * API files on the e2e group's stack, so that both stack groups end about together: the machine is saturated until
 * the last group ends, and one group left alone uses less than a core (2026-12-02, fifth session: API 690 s, e2e 591 s).
 */
const API_FILES_ON_THE_E2E_STACK = ['functions/src/modules/offers/offers.api.test.ts'];

/** The groups that run side by side when nothing is selected. */
const GROUPS: Group[] = [
  // two workers: the suite leaves a third of two cores idle since the web files share their worker's modules
  // (docs/performance.md "Test suite stage times", 2026-12-02)
  // niced: the stack groups are the critical path (590 s against 457 s, 2026-12-02 fifth session) on a saturated
  // machine; unit + web take the CPU they leave and end about with them
  { label: 'unit+web', projects: ['unit', 'web'], workers: 2, nice: 10 },
  {
    label: 'stack:e2e',
    projects: ['stack'],
    filters: ['.e2e.test.ts', ...API_FILES_ON_THE_E2E_STACK],
    stackOffset: 0,
  },
  {
    label: 'stack:api',
    projects: ['stack'],
    filters: ['.api.test.ts'],
    exclude: API_FILES_ON_THE_E2E_STACK,
    stackOffset: 700,
  },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (summaryFile) {
  // a group of a split run: the parent prints and decides the exit code
  const started = performance.now();
  const exclude = process.env.TEST_EXCLUDE ? (JSON.parse(process.env.TEST_EXCLUDE) as string[]) : [];
  const summary = await runVitest(projects, filters, Number(process.env.TEST_WORKERS) || undefined, exclude);
  recordStage(
    `vitest run of ${process.env.TEST_GROUP ?? projects.join('+')} (wall clock)`,
    performance.now() - started,
  );
  fs.writeFileSync(summaryFile, JSON.stringify(summary));
  process.exit(0);
}

resetStages();
const started = performance.now();
const summary =
  filters.length || projects.length ? await runVitest(projects, filters) : mergeSummaries(await runGroups());
recordStage('all of npm test (wall clock)', performance.now() - started);

console.log('\nStage times:');
for (const [project, p] of summary.projects)
  console.log(`  ${project}: ${p.files} files, ${seconds(p.ms)} in its files (set-up, import, tests)`);
for (const stage of readStages()) console.log(`  ${stage.name}: ${seconds(stage.ms)}`);
console.log('The slowest files (set-up, import, tests):');
for (const [file, ms] of summary.slowest) console.log(`  ${seconds(ms)}  ${file}`);
if (summary.failures.length) console.log(`\nFailed:\n${summary.failures.join('\n')}`);
for (const message of summary.unhandled) console.log(`\nUnhandled error: ${message}`);
console.log(`\nTests: ${summary.passed} passed, ${summary.failures.length} failed, ${summary.skipped} skipped`);
const ok = !summary.failures.length && !summary.unhandled.length && summary.passed > 0 && summary.exitCode === 0;
process.exit(ok ? 0 : 1);

/**
 * Runs every group in a child process of this script. The groups without a stack start at once; the stack groups
 * after the one build and Chromium lookup they share (each stack's global setup would otherwise build into the
 * same folders at the same time).
 */
async function runGroups(): Promise<TestSummary[]> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  try {
    env.CHROMIUM_PATH = await timed('stack: find or install Chromium', () => ensureChromium());
  } catch (error) {
    env.CHROMIUM_MISSING = (error as Error).message;
    console.error(env.CHROMIUM_MISSING);
  }
  const plain = GROUPS.filter((g) => g.stackOffset === undefined).map((g) => runGroup(g, env));
  // the SPA finds the Auth emulator on its default port by itself; a shifted stack tells the build where it is.
  // The API group's stack is further shifted, but its tests never load the SPA.
  if (baseOffset) env.VITE_AUTH_EMULATOR_HOST = `${HOST}:${portsFor(baseOffset).auth}`;
  const built = timed('stack: build functions and web', () => buildAll({ env })).then(
    () => true,
    (error: Error) => (console.error(error.message), false),
  );
  const stacked = GROUPS.filter((g) => g.stackOffset !== undefined).map(async (g) =>
    (await built) ? runGroup(g, { ...env, SKIP_BUILD: '1' }) : failedGroup(g, 'the build failed'),
  );
  const summaries = await Promise.all([...plain, ...stacked]);
  printIndexReport(mergeIndexReports(GROUPS.filter((g) => g.stackOffset !== undefined).map(readIndexReport)));
  return summaries;
}

function tmpFile(kind: string, group: Group): string {
  return path.resolve('.tmp', `${kind}-${group.label.replace(/\W+/g, '-')}.json`);
}

function readIndexReport(group: Group): IndexReport | null {
  const file = tmpFile('index-report', group);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as IndexReport | null) : null;
}

function failedGroup(group: Group, why: string): TestSummary {
  return {
    passed: 0,
    skipped: 0,
    failures: [`  ${group.label}: ${why}`],
    unhandled: [],
    projects: [],
    slowest: [],
    exitCode: 1,
  };
}

/** One group as a child process, its output prefixed with the group's name. */
function runGroup(group: Group, env: NodeJS.ProcessEnv): Promise<TestSummary> {
  const file = tmpFile('test-summary', group);
  fs.rmSync(file, { force: true });
  const groupEnv: NodeJS.ProcessEnv = { ...env, TEST_SUMMARY_FILE: file, TEST_GROUP: group.label };
  if (group.workers) groupEnv.TEST_WORKERS = String(group.workers);
  if (group.exclude) groupEnv.TEST_EXCLUDE = JSON.stringify(group.exclude);
  if (group.stackOffset !== undefined) {
    groupEnv.STACK_PORT_OFFSET = String(baseOffset + group.stackOffset);
    groupEnv.INDEX_REPORT_FILE = tmpFile('index-report', group);
    fs.rmSync(groupEnv.INDEX_REPORT_FILE, { force: true });
  }
  const childArgs = [...group.projects.map((p) => `--project=${p}`), ...(group.filters ?? [])];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...childArgs], {
      env: groupEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // before it starts its workers, which inherit it
    if (group.nice) os.setPriority(child.pid!, group.nice);
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${group.label}] ${line}`));
    child.on('close', (code) => {
      if (fs.existsSync(file)) return resolve(JSON.parse(fs.readFileSync(file, 'utf8')) as TestSummary);
      // the child died before it could report: count that as a failure of the whole group
      resolve(failedGroup(group, `the vitest run ended with code ${code} before it reported`));
    });
  });
}
