import { startVitest } from 'vitest/node';

/** What one vitest run found: counts, the failures as printable text, and where each project's time went. */
export interface TestSummary {
  passed: number;
  skipped: number;
  failures: string[];
  unhandled: string[];
  /** per project: how many files, and their summed run time in ms */
  projects: [string, { files: number; ms: number }][];
  exitCode: number;
}

/** Runs the selected vitest projects and files (all when both are empty) in this process. */
export async function runVitest(projects: string[], filters: string[]): Promise<TestSummary> {
  const vitest = await startVitest('test', filters, {
    run: true,
    watch: false,
    ...(projects.length ? { project: projects } : {}),
  });
  const summary: TestSummary = { passed: 0, skipped: 0, failures: [], unhandled: [], projects: [], exitCode: 0 };
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
      if (result.state === 'passed') summary.passed++;
      else if (result.state === 'failed') {
        const message = (result.errors ?? [])
          .map((e) => e.message ?? String(e))
          .join('\n')
          .split('\n')
          .slice(0, 6)
          .map((l) => `    ${l}`)
          .join('\n');
        summary.failures.push(`  ${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}\n${message}`);
      } else summary.skipped++;
    }
  }
  summary.unhandled = (vitest?.state.getUnhandledErrors() ?? []).map((e) => (e as Error)?.message ?? String(e));
  summary.projects = [...perProject];
  await vitest?.close();
  summary.exitCode = Number(process.exitCode ?? 0);
  return summary;
}

/** The summaries of runs that went side by side, as one. */
export function mergeSummaries(parts: TestSummary[]): TestSummary {
  return {
    passed: parts.reduce((n, p) => n + p.passed, 0),
    skipped: parts.reduce((n, p) => n + p.skipped, 0),
    failures: parts.flatMap((p) => p.failures),
    unhandled: parts.flatMap((p) => p.unhandled),
    projects: parts.flatMap((p) => p.projects),
    exitCode: Math.max(0, ...parts.map((p) => p.exitCode)),
  };
}
