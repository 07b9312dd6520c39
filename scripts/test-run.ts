import { startVitest } from 'vitest/node';

/** What one vitest run found: counts, the failures as printable text, and where each project's time went. */
export interface TestSummary {
  passed: number;
  skipped: number;
  failures: string[];
  unhandled: string[];
  /** per project: how many files, and their summed run time in ms */
  projects: [string, { files: number; ms: number }][];
  /** the slowest files: [project/path, ms], slowest first */
  slowest: [string, number][];
  exitCode: number;
}

const SLOWEST_SHOWN = 12;

/** Runs the selected vitest projects and files (all when both are empty; none of `exclude`, globs) in this process,
 * on vitest's default number of workers (availableParallelism() - 1) unless told. */
export async function runVitest(
  projects: string[],
  filters: string[],
  maxWorkers?: number,
  exclude: string[] = [],
): Promise<TestSummary> {
  const vitest = await startVitest('test', filters, {
    run: true,
    watch: false,
    ...(projects.length ? { project: projects } : {}),
    ...(maxWorkers ? { maxWorkers } : {}),
    ...(exclude.length ? { cliExclude: exclude } : {}),
  });
  const summary: TestSummary = {
    passed: 0,
    skipped: 0,
    failures: [],
    unhandled: [],
    projects: [],
    slowest: [],
    exitCode: 0,
  };
  const files: [string, number][] = [];
  const perProject = new Map<string, { files: number; ms: number }>();
  for (const module of vitest?.state.getTestModules() ?? []) {
    const project = module.project.name || 'default';
    const p = perProject.get(project) ?? { files: 0, ms: 0 };
    p.files++;
    const d = module.diagnostic();
    // set-up, import and collection of a file count too (an e2e file imports Vite and Playwright)
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    p.ms += ms;
    perProject.set(project, p);
    const file = module.moduleId.replace(`${process.cwd()}/`, '');
    files.push([`${project}: ${file}`, ms]);
    // a file can fail outside its tests (an afterAll hook, an import): vitest then exits 1 with every test passed
    const outside = [module, ...module.children.allSuites()].flatMap((s) => s.errors());
    if (outside.length || (module.state() === 'failed' && module.ok()))
      summary.failures.push(`  ${file} (outside its tests)\n${firstLines(outside)}`);
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state === 'passed') summary.passed++;
      else if (result.state === 'failed') {
        summary.failures.push(`  ${file} > ${test.fullName}\n${firstLines(result.errors ?? [])}`);
      } else summary.skipped++;
    }
  }
  summary.unhandled = (vitest?.state.getUnhandledErrors() ?? []).map((e) => (e as Error)?.message ?? String(e));
  summary.projects = [...perProject];
  summary.slowest = slowestOf(files);
  await vitest?.close();
  summary.exitCode = Number(process.exitCode ?? 0);
  // vitest also exits 1 on an unhandled rejection in its own process (a global setup's), which it only prints
  if (summary.exitCode && !summary.failures.length && !summary.unhandled.length)
    summary.failures.push(`  vitest ended with code ${summary.exitCode} without a failed test: see "Unhandled" above`);
  return summary;
}

/** The first lines of errors, indented under the failure's name. */
function firstLines(errors: readonly { message?: string }[]): string {
  return errors
    .map((e) => e.message ?? String(e))
    .join('\n')
    .split('\n')
    .slice(0, 6)
    .map((l) => `    ${l}`)
    .join('\n');
}

/** The summaries of runs that went side by side, as one. */
export function mergeSummaries(parts: TestSummary[]): TestSummary {
  return {
    passed: parts.reduce((n, p) => n + p.passed, 0),
    skipped: parts.reduce((n, p) => n + p.skipped, 0),
    failures: parts.flatMap((p) => p.failures),
    unhandled: parts.flatMap((p) => p.unhandled),
    projects: parts.flatMap((p) => p.projects),
    slowest: slowestOf(parts.flatMap((p) => p.slowest)),
    exitCode: Math.max(0, ...parts.map((p) => p.exitCode)),
  };
}

const slowestOf = (files: [string, number][]) => [...files].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST_SHOWN);
