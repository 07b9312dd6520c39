import { BomLineBuilder } from '../../bom/lines.js';
import type { BomLine } from '../../model/bom/bom-line.js';
import type { LineSetParams } from '../../model/bom-job.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { stagedBatches } from '../../platform/tasks/staged-batches.js';
import { TaskFailure } from '../../platform/tasks/task-kind.js';
import type { CataloguePort } from '../catalogue/catalogue.port.js';
import { headerRowOf } from './header-row.js';

/**
 * Lines per chunk (and per staged batch): a chunk matches them (a few `in` queries) and writes them with the
 * cursor in one transaction — under Firestore's 500 writes per commit with the run's counters and the task document.
 */
export const LINE_SET_CHUNK = 400;

/** Where the staged (built, not yet matched) lines wait: `bomTasks/{runId}/`. */
export const lineSetFolder = (runId: string) => `bomTasks/${runId}/`;

/** Written last by the staging: its presence means every batch is stored. */
export interface Manifest {
  fileName: string;
  headers: string[];
  total: number;
}

type MatchContext = ReturnType<CataloguePort['matchContext']>;

/**
 * The staging of a background line set (line-set.task.ts): the sheet read once and its lines built (not matched)
 * into batches in Storage, the manifest last. The manifests and the catalogue's field-value lists for matching are
 * kept per run in this process (all manufacturers, discount groups and units: a fixed cost per chunk otherwise);
 * articles are looked up live.
 */
export function lineSetStaging<P extends LineSetParams>(d: {
  files: FileStore;
  catalogue: Pick<CataloguePort, 'matchContext'>;
  read: (p: P) => Promise<{ rows: string[][]; fileName: string }>;
}) {
  const manifests = new Map<string, Manifest>();
  const contexts = new Map<string, MatchContext>();
  const batches = (p: P) => stagedBatches<BomLine, Manifest>(d.files, lineSetFolder(p.runId));
  const remember = (p: P, m: Manifest) => {
    manifests.set(p.runId, m);
    return m;
  };

  const contextOf = (p: P): MatchContext => {
    let context = contexts.get(p.runId);
    if (!context) {
      if (contexts.size >= 16) contexts.clear(); // runs that ended elsewhere
      context = d.catalogue.matchContext();
      context.catch(() => contexts.delete(p.runId));
      contexts.set(p.runId, context);
    }
    return context;
  };

  /** The run's manifest, staging the lines first when no delivery did (a crash while staging stages again). */
  async function stage(p: P): Promise<Manifest> {
    const cached = manifests.get(p.runId);
    if (cached) return cached;
    const staged = batches(p);
    const stored = await staged.readManifest();
    if (stored) return remember(p, stored);
    const { rows, fileName } = await d.read(p);
    let headers: string[];
    try {
      headers = headerRowOf(rows, p.headerRowIndex);
    } catch {
      throw new TaskFailure('bomChanged');
    }
    const context = await contextOf(p);
    const builder = new BomLineBuilder({
      headers,
      mapping: p.mapping,
      suppliedPartString: p.suppliedPartString,
      units: context.units,
    });
    for (let i = p.headerRowIndex; i < rows.length; i++) builder.add(rows[i]!, i + 1);
    const lines = builder.lines;
    // the batches are overwritten identically by a second staging
    for (let n = 0; n * LINE_SET_CHUNK < lines.length; n++)
      await staged.writeBatch(n, lines.slice(n * LINE_SET_CHUNK, (n + 1) * LINE_SET_CHUNK));
    const manifest: Manifest = { fileName, headers, total: lines.length };
    await staged.writeManifest(manifest);
    return remember(p, manifest);
  }

  /** `size` staged lines from line `done` on. */
  async function batch(p: P, done: number, size: number): Promise<BomLine[]> {
    const from = done % LINE_SET_CHUNK;
    return (await batches(p).readBatch(Math.floor(done / LINE_SET_CHUNK))).slice(from, from + size);
  }

  /** The staging goes (idempotent). */
  async function drop(p: P): Promise<void> {
    manifests.delete(p.runId);
    contexts.delete(p.runId);
    for (const o of await d.files.list(lineSetFolder(p.runId))) await d.files.delete(o.path);
  }

  return { stage, batch, contextOf, drop };
}
