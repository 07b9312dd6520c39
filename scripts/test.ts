import { startVitest } from 'vitest/node';

// `npm test`: every vitest project in one run (unit, web, stack). Ends with the failed tests (file, name,
// first lines of the error) and the plain closing line "N passed, N failed, N skipped", so the tail of a CI
// log says what broke. Extra args select projects/files.
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
let skipped = 0;
const failures: string[] = [];
for (const module of vitest?.state.getTestModules() ?? []) {
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
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
for (const e of unhandled) console.log(`\nUnhandled error: ${(e as Error)?.message ?? String(e)}`);
console.log(`\nTests: ${passed} passed, ${failures.length} failed, ${skipped} skipped`);
process.exit(failures.length > 0 || unhandled.length > 0 || passed === 0 || (process.exitCode ?? 0) !== 0 ? 1 : 0);
