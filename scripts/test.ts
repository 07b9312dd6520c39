import { startVitest } from 'vitest/node';
import { readStages, recordStage, resetStages } from './stage-times.js';

// `npm test`: every vitest project in one run (unit, web, stack). Ends with the failed tests (file, name,
// first lines of the error) and the plain closing line "N passed, N failed, N skipped", so the tail of a CI
// log says what broke. Extra args select projects/files.
const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const projects = process.argv
  .slice(2)
  .filter((a) => a.startsWith('--project='))
  .map((a) => a.slice(10));

resetStages();
const started = performance.now();
const vitest = await startVitest('test', filters, {
  run: true,
  watch: false,
  ...(projects.length ? { project: projects } : {}),
});

let passed = 0;
let skipped = 0;
const failures: string[] = [];
// each project's files: how many, and their summed run time (projects run side by side, the stack's files one
// after another)
const perProject = new Map<string, { files: number; ms: number }>();
for (const module of vitest?.state.getTestModules() ?? []) {
  const project = module.project.name || 'default';
  const p = perProject.get(project) ?? { files: 0, ms: 0 };
  p.files++;
  const d = module.diagnostic();
  // set-up, import and collection of a file count too (an e2e file imports Vite and Playwright)
  p.ms += d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
  perProject.set(project, p);
  for (const test of module.children.allTests()) {
    const result = test.result();
    if (result.state === 'passed') passed++;
    else if (result.state === 'failed') {
      const message = (result.errors ?? [])
        .map((e) => e.message ?? String(e))
        .join('\n')
        .split('\n')
        .slice(0, 6)
        .map((l) => `    ${l}`)
        .join('\n');
      failures.push(`  ${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n${message}`);
    } else skipped++;
  }
}
const unhandled = vitest?.state.getUnhandledErrors() ?? [];
await vitest?.close();
recordStage('all of npm test (wall clock)', performance.now() - started);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log('\nStage times:');
for (const [project, p] of perProject)
  console.log(`  ${project}: ${p.files} files, ${seconds(p.ms)} in its files (set-up, import, tests)`);
for (const stage of readStages()) console.log(`  ${stage.name}: ${seconds(stage.ms)}`);
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
for (const e of unhandled) console.log(`\nUnhandled error: ${(e as Error)?.message ?? String(e)}`);
console.log(`\nTests: ${passed} passed, ${failures.length} failed, ${skipped} skipped`);
process.exit(failures.length > 0 || unhandled.length > 0 || passed === 0 || (process.exitCode ?? 0) !== 0 ? 1 : 0);
