/** One measured figure of a benchmark, rendered as a table row in docs/performance.md. */
export interface BenchRow {
    measure: string;
    result: string;
    target?: string;
    /** true when the result meets the target; undefined when there is no target */
    ok?: boolean;
}
/** A benchmark module (`<area>/bench.ts`) default-exports a function returning one section. */
export interface BenchSection {
    title: string;
    rows: BenchRow[];
    notes?: string[];
}
export type Bench = () => Promise<BenchSection>;
