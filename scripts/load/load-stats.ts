// The load run's pure parts (scripts/load/load.bench.ts): grouping calls by route, per-route figures, and the
// comparison of what the run expects of a record with what the API answers afterwards.
import { percentile } from '../bench-helpers.js';

/** `GET /enquiry/filter` for `GET /api/enquiry/filter?page=0`: the query dropped, id-like segments as `:id`. */
export function routeOf(method: string, path: string): string {
  const bare = path.split('?')[0]!.replace(/^\/api(?=\/)/, '');
  const segments = bare.split('/').map((s) => (/^(?=.*\d)[A-Za-z0-9_-]{16,}$/.test(s) ? ':id' : s));
  return `${method.toUpperCase()} ${segments.join('/')}`;
}

/** How a call's answer counts: what the scenario expects, an allowed race (e.g. 409 enquiryClosed), or a fault. */
export type Outcome = 'ok' | 'allowed' | 'unexpected' | 'serverError';

/** status 0: no answer at all (connection refused or reset) — counted with the 5xx. */
export function outcomeOf(status: number, expected: readonly number[], allowed: readonly number[] = []): Outcome {
  if (status >= 500 || status === 0) return 'serverError';
  if (expected.includes(status)) return 'ok';
  if (allowed.includes(status)) return 'allowed';
  return 'unexpected'; // a 4xx the scenario does not expect (or another success code than it expects)
}

export interface RouteFigures {
  route: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
  serverErrors: number;
  unexpected: number;
  allowed: number;
}

/** Collects each call's time and outcome by route; `faults` keeps the first few unexpected answers for the notes. */
export class RouteStats {
  private readonly times = new Map<string, number[]>();
  private readonly outcomes = new Map<string, Record<Outcome, number>>();
  readonly faults: string[] = [];

  record(route: string, ms: number, outcome: Outcome, detail = ''): void {
    const times = this.times.get(route) ?? [];
    times.push(ms);
    this.times.set(route, times);
    const counts = this.outcomes.get(route) ?? { ok: 0, allowed: 0, unexpected: 0, serverError: 0 };
    counts[outcome]++;
    this.outcomes.set(route, counts);
    if ((outcome === 'serverError' || outcome === 'unexpected') && this.faults.length < 20)
      this.faults.push(`${route}: ${detail}`);
  }

  /** One row per route, most called first. */
  figures(): RouteFigures[] {
    return [...this.times.entries()]
      .map(([route, raw]) => {
        const sorted = [...raw].sort((a, b) => a - b);
        const o = this.outcomes.get(route)!;
        return {
          route,
          count: sorted.length,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          max: sorted.at(-1)!,
          serverErrors: o.serverError,
          unexpected: o.unexpected,
          allowed: o.allowed,
        };
      })
      .sort((a, b) => b.count - a.count || a.route.localeCompare(b.route));
  }
}

/**
 * The fields of `expected` whose value the record `actual` does not have (compared as JSON), as
 * `<kind> <id>: <field> expected … got …`; a missing record is one line. Empty when the record is as expected.
 */
export function compareRecord(
  kind: string,
  id: string,
  expected: Record<string, unknown>,
  actual: Record<string, unknown> | undefined,
): string[] {
  if (!actual) return [`${kind} ${id}: not found`];
  return Object.entries(expected)
    .filter(([field, value]) => JSON.stringify(actual[field]) !== JSON.stringify(value))
    .map(
      ([field, value]) =>
        `${kind} ${id}: ${field} expected ${JSON.stringify(value)} got ${JSON.stringify(actual[field])}`,
    );
}
