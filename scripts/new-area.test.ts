import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepository, run, tail, type Run } from './new-area/copy.js';
import { areaFiles, areaNames, REGISTRIES, registryLines } from './new-area/scaffold.js';

/**
 * `npm run new-area` in a throw-away copy of the repository: an area is its folders plus one line per registry side
 * (its import and its list entry), and what it writes passes typecheck, ESLint, Prettier, its own unit and component
 * tests and the existing tests that find areas by declaration. Its API test needs a stack of the copy and is not run
 * here (docs/architecture.md "Adding an area (server)").
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NAMES = areaNames('scaffold-probe');
const FOLDERS = [`functions/src/modules/${NAMES.kebab}/`, `web/src/features/${NAMES.kebab}/`];

/** The existing tests that see every area (access rows, error texts, indexes, route table, menus, namespaces). */
const CENTRAL_TESTS = [
  'functions/src/areas.test.ts',
  'functions/src/indexes.test.ts',
  'functions/src/testing/access-matrix.test.ts',
  'web/src/app/routes/route-registry.test.ts',
  'web/src/app/routes/route-table.test.ts',
  'web/src/config/translations.test.ts',
];

interface VitestReport {
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
}

let copy: string;
const times: Record<string, number> = {};
let scaffold: Run;
let checks: { functions: Run; web: Run; eslint: Run; knip: Run; vitest: Run; report?: VitestReport };

beforeAll(async () => {
  let started = performance.now();
  copy = copyRepository(ROOT);
  times.copy = performance.now() - started;
  scaffold = await run(copy, 'npm', ['run', '--silent', 'new-area', NAMES.kebab]);
  times.scaffold = scaffold.ms;
  if (scaffold.code !== 0) throw new Error(`the scaffold failed: ${tail(scaffold)}`);
  // typecheck, lint and the tests at once: each is one process, the machine has at least two cores
  started = performance.now();
  const reportFile = path.join(copy, '.tmp', 'new-area-vitest.json');
  const lintable = [...areaFiles(NAMES), REGISTRIES.server.file, REGISTRIES.web.file].filter((f) => /\.tsx?$/.test(f));
  const [functions, web, eslint, knip, vitest] = await Promise.all([
    run(copy, 'npx', ['tsc', '-p', 'functions', '--noEmit']),
    run(copy, 'npx', ['tsc', '-p', 'web', '--noEmit']),
    run(copy, 'npx', ['eslint', '--max-warnings=0', ...lintable]),
    run(copy, 'npx', ['knip', '--no-progress', '--no-config-hints']),
    run(copy, 'npx', [
      'vitest',
      'run',
      '--project=unit',
      '--project=web',
      ...FOLDERS,
      ...CENTRAL_TESTS,
      '--reporter=json',
      `--outputFile=${reportFile}`,
    ]),
  ]);
  times['typecheck, ESLint and tests (in parallel)'] = performance.now() - started;
  const report = fs.existsSync(reportFile)
    ? (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as VitestReport)
    : undefined;
  checks = { functions, web, eslint, knip, vitest, report };
}, 900_000);

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
  const seconds = Object.entries(times).map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`);
  console.log(`new-area test: ${seconds.join(', ')}`);
});

/** Changed and new files of the copy against its first commit. */
function changes(): { added: string[]; modified: string[]; deleted: string[] } {
  const status = execFileSync('git', ['status', '--porcelain', '-uall', '-z'], { cwd: copy, encoding: 'utf8' });
  const entries = status.split('\0').filter(Boolean);
  const of = (codes: RegExp) => entries.filter((e) => codes.test(e.slice(0, 2))).map((e) => e.slice(3));
  return { added: of(/^\?\?|^A/), modified: of(/M/), deleted: of(/D/) };
}

/** The lines a diff of one file adds and removes. */
function diffLines(file: string): { added: string[]; removed: string[] } {
  const diff = execFileSync('git', ['diff', '-U0', '--', file], { cwd: copy, encoding: 'utf8' }).split('\n');
  return {
    added: diff.filter((l) => l.startsWith('+') && !l.startsWith('+++')).map((l) => l.slice(1)),
    removed: diff.filter((l) => l.startsWith('-') && !l.startsWith('---')).map((l) => l.slice(1)),
  };
}

/** Results of the vitest run per file group: the failures as "file › test: message". */
function failures(inGroup: (file: string) => boolean): string[] {
  if (!checks.report) return [`no vitest report: ${tail(checks.vitest)}`];
  return checks.report.testResults
    .map((f) => ({ ...f, name: path.relative(copy, f.name) }))
    .filter((f) => inGroup(f.name))
    .flatMap((f) => {
      const failed = f.assertionResults.filter((a) => a.status === 'failed');
      if (!failed.length && f.status === 'failed') return [`${f.name}: ${f.message ?? 'failed'}`];
      return failed.map((a) => `${f.name} › ${a.fullName}: ${(a.failureMessages[0] ?? '').split('\n')[0]}`);
    });
}
const ownFile = (file: string) => FOLDERS.some((dir) => file.startsWith(dir));

describe(`npm run new-area ${NAMES.kebab}`, () => {
  it('touches only the area’s files, one import and one list entry per registry, and firestore.indexes.json', () => {
    const { added, modified, deleted } = changes();
    expect(deleted, 'deleted files').toEqual([]);
    expect([...added].sort(), 'new files').toEqual(areaFiles(NAMES).sort());
    expect(added.filter((f) => !ownFile(f)).sort(), 'new files outside the area’s folders').toEqual([
      `functions/src/model/${NAMES.kebab}.ts`,
      `web/public/locales/de/${NAMES.kebab}.json`,
    ]);
    expect([...modified].sort(), 'changed files').toEqual(
      [REGISTRIES.server.file, REGISTRIES.web.file, 'firestore.indexes.json'].sort(),
    );
    const lines = registryLines(NAMES);
    for (const side of ['server', 'web'] as const) {
      const diff = diffLines(REGISTRIES[side].file);
      expect(diff.removed, `${REGISTRIES[side].file}: removed lines`).toEqual([]);
      expect(diff.added.sort(), `${REGISTRIES[side].file}: added lines`).toEqual(
        [lines[side].import, lines[side].entry].sort(),
      );
    }
    expect(scaffold.output).toMatch(/firestore\.indexes\.json (written|is up to date)/);
  });

  it('the copy resolves the workspaces to itself, not to the original', () => {
    for (const [link, dir] of [
      ['node_modules/functions', 'functions'],
      ['node_modules/web', 'web'],
      ['node_modules/@schrankwerk/emulators', 'emulators'],
    ])
      if (fs.existsSync(path.join(ROOT, link)))
        expect(fs.realpathSync(path.join(copy, link)), link).toBe(fs.realpathSync(path.join(copy, dir)));
  });

  it('refuses an existing or malformed name with a clear message', async () => {
    const again = await run(copy, 'npm', ['run', '--silent', 'new-area', NAMES.kebab]);
    expect(again.code).not.toBe(0);
    expect(again.output).toContain(`functions/src/modules/${NAMES.kebab}/ exists already`);
    const malformed = await run(copy, 'npm', ['run', '--silent', 'new-area', 'Scaffold_Probe']);
    expect(malformed.code).not.toBe(0);
    expect(malformed.output).toContain('is no kebab-case name');
  });

  it('the copy type-checks with the new area (functions and web)', () => {
    expect(checks.functions.code, tail(checks.functions)).toBe(0);
    expect(checks.web.code, tail(checks.web)).toBe(0);
  });

  it('ESLint, knip and Prettier accept the new files and the registries', async () => {
    expect(checks.eslint.code, tail(checks.eslint)).toBe(0);
    expect(checks.knip.code, tail(checks.knip)).toBe(0);
    const unformatted: string[] = [];
    for (const file of [...areaFiles(NAMES), REGISTRIES.server.file, REGISTRIES.web.file]) {
      const full = path.join(copy, file);
      const options = await prettier.resolveConfig(full);
      if (!(await prettier.check(fs.readFileSync(full, 'utf8'), { ...options, filepath: full })))
        unformatted.push(file);
    }
    expect(unformatted).toEqual([]);
  });

  it('its unit and component tests pass', () => {
    const ran = checks.report?.testResults.map((f) => path.relative(copy, f.name)).filter(ownFile) ?? [];
    expect(ran.length, `the area's tests did not run: ${tail(checks.vitest)}`).toBeGreaterThanOrEqual(2);
    expect(failures(ownFile)).toEqual([]);
  });

  it('the existing tests that find areas by declaration still pass (a failure here: a central file needs an edit)', () => {
    expect(
      failures((file) => !ownFile(file)),
      'adding an area made these existing tests fail - the central list or test they name must learn to find areas',
    ).toEqual([]);
  });
});
