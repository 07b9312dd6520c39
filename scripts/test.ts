import { startVitest } from 'vitest/node';

// `npm test`: every vitest project in one run (unit, web, stack). Ends with the plain closing line
// "N passed, N failed, N skipped" so CI logs can be read at a glance. Extra args select projects/files.
const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const projects = process.argv
  .slice(2)
  .filter((a) => a.startsWith('--project='))
  .map((a) => a.slice(10));

const vitest = await startVitest('test', filters, {
  run: true,
  watch: false,
  ...(projects.length ? { project: projects } : {}),
});

let passed = 0;
let failed = 0;
let skipped = 0;
for (const module of vitest?.state.getTestModules() ?? []) {
  for (const test of module.children.allTests()) {
    const state = test.result().state;
    if (state === 'passed') passed++;
    else if (state === 'failed') failed++;
    else skipped++;
  }
}
const errors = vitest?.state.getUnhandledErrors().length ?? 0;
await vitest?.close();
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || errors > 0 || passed === 0 || (process.exitCode ?? 0) !== 0 ? 1 : 0);
