import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { readStages, recordStage, resetStages } from './stage-times.js';
import { mergeSummaries, runVitest, type TestSummary } from './test-run.js';

// `npm test`: every vitest project. Ends with the failed tests (file, name, first lines of the error), the stage
// times and the plain closing line "Tests: N passed, N failed, N skipped", so the tail of a CI log says what broke.
// Extra args select projects (--project=web) and files; then one vitest run in this process does it.
//
// Without a selection the stack project runs in a second process beside unit+web: vitest gives one run
// availableParallelism()-1 workers (one on a 2-core machine) and runs the serial stack project as a group after
// the others, so in one run the stages add up, although the stack's files mostly wait on the emulators and
// Chromium, which have cores of their own.
const args = process.argv.slice(2);
const filters = args.filter((a) => !a.startsWith('--'));
const projects = args.filter((a) => a.startsWith('--project=')).map((a) => a.slice(10));
const summaryFile = process.env.TEST_SUMMARY_FILE;

/** The groups that run side by side when nothing is selected. */
const GROUPS = [
  { label: 'stack', projects: ['stack'] },
  { label: 'unit+web', projects: ['unit', 'web'] },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (summaryFile) {
  // a group of a split run: the parent prints and decides the exit code
  const started = performance.now();
  const summary = await runVitest(projects, filters);
  recordStage(`vitest run of ${projects.join('+')} (wall clock)`, performance.now() - started);
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
if (summary.failures.length) console.log(`\nFailed:\n${summary.failures.join('\n')}`);
for (const message of summary.unhandled) console.log(`\nUnhandled error: ${message}`);
console.log(`\nTests: ${summary.passed} passed, ${summary.failures.length} failed, ${summary.skipped} skipped`);
const ok = !summary.failures.length && !summary.unhandled.length && summary.passed > 0 && summary.exitCode === 0;
process.exit(ok ? 0 : 1);

/** Runs each group in a child process of this script, its output prefixed with the group's name. */
function runGroups(): Promise<TestSummary[]> {
  return Promise.all(
    GROUPS.map(
      (group) =>
        new Promise<TestSummary>((resolve) => {
          const file = path.resolve('.tmp', `test-summary-${group.projects.join('-')}.json`);
          fs.rmSync(file, { force: true });
          const child = spawn(
            process.execPath,
            [...process.execArgv, process.argv[1]!, ...group.projects.map((p) => `--project=${p}`)],
            { env: { ...process.env, TEST_SUMMARY_FILE: file }, stdio: ['ignore', 'pipe', 'pipe'] },
          );
          for (const stream of [child.stdout, child.stderr])
            readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${group.label}] ${line}`));
          child.on('close', (code) => {
            if (fs.existsSync(file)) return resolve(JSON.parse(fs.readFileSync(file, 'utf8')) as TestSummary);
            // the child died before it could report: count that as a failure of the whole group
            resolve({
              passed: 0,
              skipped: 0,
              failures: [`  ${group.label}: the vitest run ended with code ${code} before it reported`],
              unhandled: [],
              projects: [],
              exitCode: 1,
            });
          });
        }),
    ),
  );
}
