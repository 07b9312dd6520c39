import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { extractHeaders } from '../../bom/header.js';
import { BomLineBuilder } from '../../bom/lines.js';
import { matchBomLines } from '../../bom/matcher.js';
import { BomErrorType } from '../../model/bom/bom-error.js';
import type { BomLine } from '../../model/bom/bom-line.js';
import { bomJobId, successRateOf, type BomJob, type LineSetParams, type StoredBomLine } from '../../model/bom-job.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { stagedBatches } from '../../platform/tasks/staged-batches.js';
import { TaskFailure, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { CataloguePort } from '../catalogue/catalogue.port.js';
import { BOM_JOBS, lineId, type BomJobsRepository } from './bom-jobs.repository.js';
import { lineCents } from './matched-lines.js';

/**
 * Lines per chunk (and per staged batch): a chunk matches them (a few `in` queries) and writes them with the
 * cursor in one transaction — under Firestore's 500 writes per commit with the run's counters and the task document.
 */
export const LINE_SET_CHUNK = 400;

/** Where the staged (built, not yet matched) lines wait: `bomTasks/{runId}/`. */
export const lineSetFolder = (runId: string) => `bomTasks/${runId}/`;

/** Written last by the staging: its presence means every batch is stored. */
interface Manifest {
  fileName: string;
  headers: string[];
  total: number;
}

/** The counters of a line set being built (`bomJobs/{jobId}/runs/{runId}`), raised in each chunk's commit. */
interface RunCounters {
  lineCount?: number;
  errorCount?: number;
  totalCents?: number;
  errorsByType?: Partial<Record<BomErrorType, number>>;
  /** the line set the switch replaced: deleted by the last chunk */
  previousRunId?: string;
}

/**
 * What a line set's owner decides (the enquiry or offer through its rules, bom-jobs.service.ts; the admin import,
 * bom-import.service.ts). Refusals are TaskFailure(code): the task ends `failed` and the new set is removed.
 */
export interface LineSetOwner<P extends LineSetParams> {
  kind: string;
  /** the owner's own fields of the stored params are usable */
  valid(params: Partial<P>): boolean;
  /** before every chunk: the owner still takes this set (not locked, the same file) */
  check(p: P): Promise<void>;
  /** the sheet to map (read once, when the lines are staged) */
  read(p: P): Promise<{ rows: string[][]; fileName: string }>;
  /**
   * Points the owner at the finished set in a transaction of its own, with the owner's rules, calling `also(tx, job)`
   * inside it (it writes the job document and notes the replaced set). Must be repeatable: a retry after a crash
   * switches to the same set again.
   */
  switchTo(p: P, job: BomJob, also: (tx: Transaction, job: BomJob) => Promise<void>): Promise<void>;
  /** after the switch (remember the mapping); failures are the owner's to swallow */
  after?(p: P, job: BomJob): Promise<void>;
  /** after the task ended (done, or failed with the set removed) — e.g. the uploaded file goes */
  cleanup?(p: P): Promise<void>;
}

export interface LineSetDeps {
  db: Firestore;
  repo: BomJobsRepository;
  files: FileStore;
  catalogue: Pick<CataloguePort, 'matchContext'>;
  now: () => Date;
}

const SWITCHED = 'switched';

/**
 * A mapped BOM built as a background task in chunks (docs/decisions-bom.md "Background mapping"), one mechanism for
 * every owner: the first delivery reads the sheet once and stages its lines (built, not matched) as batches in
 * Storage (`count`); each chunk then matches LINE_SET_CHUNK lines against the catalogue and writes them into the new
 * line set in the transaction that moves the cursor, raising the set's counters there (so progress is real and a
 * repeated or retried delivery writes each line once); the chunk after the last line switches the owner to the set
 * (the owner's rules, in its transaction); the last chunk deletes the set it replaced and the staging. A refused
 * check (locked, replaced) removes the new set and ends the task `failed` with nothing switched. Total: lines + 1
 * (the switch), so 100 % means switched.
 */
export function lineSetTask<P extends LineSetParams>(owner: LineSetOwner<P>, d: LineSetDeps): TaskKind<P> {
  const manifests = new Map<string, Manifest>();
  /**
   * The catalogue's field-value lists for matching, read once per run in this process rather than once per chunk
   * (all manufacturers, discount groups and units: a fixed cost per chunk otherwise); articles are looked up live.
   */
  const contexts = new Map<string, ReturnType<CataloguePort['matchContext']>>();
  const contextOf = (p: P) => {
    let context = contexts.get(p.runId);
    if (!context) {
      if (contexts.size >= 16) contexts.clear(); // runs that ended elsewhere
      context = d.catalogue.matchContext();
      context.catch(() => contexts.delete(p.runId));
      contexts.set(p.runId, context);
    }
    return context;
  };
  const jobIdOf = (p: P) => bomJobId(p.owner, p.ownerId);
  const runRef = (p: P) => d.db.collection(BOM_JOBS).doc(jobIdOf(p)).collection('runs').doc(p.runId);

  async function stage(p: P): Promise<Manifest> {
    const cached = manifests.get(p.runId);
    if (cached) return cached;
    const staged = stagedBatches<BomLine, Manifest>(d.files, lineSetFolder(p.runId));
    const stored = await staged.readManifest();
    if (stored) return remember(p, stored);
    const { rows, fileName } = await owner.read(p);
    const extracted = extractHeaders(rows, p.headerRowIndex);
    if (extracted.issue) throw new TaskFailure('bomChanged');
    const context = await contextOf(p);
    const builder = new BomLineBuilder({
      headers: extracted.headers,
      mapping: p.mapping,
      suppliedPartString: p.suppliedPartString,
      units: context.units,
    });
    for (let i = p.headerRowIndex; i < rows.length; i++) builder.add(rows[i]!, i + 1);
    const lines = builder.lines;
    // a crash while staging stages again: the batches are overwritten identically
    for (let n = 0; n * LINE_SET_CHUNK < lines.length; n++)
      await staged.writeBatch(n, lines.slice(n * LINE_SET_CHUNK, (n + 1) * LINE_SET_CHUNK));
    const manifest: Manifest = { fileName, headers: extracted.headers, total: lines.length };
    await staged.writeManifest(manifest);
    return remember(p, manifest);
  }
  const remember = (p: P, m: Manifest) => {
    manifests.set(p.runId, m);
    return m;
  };

  /** The staging goes (idempotent). */
  async function dropStaging(p: P): Promise<void> {
    manifests.delete(p.runId);
    contexts.delete(p.runId);
    for (const o of await d.files.list(lineSetFolder(p.runId))) await d.files.delete(o.path);
    await owner.cleanup?.(p);
  }

  /** The owner refuses: the new set and the staging go, the task ends `failed` with the owner's code. */
  async function refuse(p: P, error: unknown): Promise<never> {
    if (error instanceof TaskFailure) {
      await d.repo.deleteRun(jobIdOf(p), p.runId);
      await dropStaging(p);
    }
    throw error;
  }

  return {
    kind: owner.kind,
    chunkSize: LINE_SET_CHUNK,
    chunksPerDelivery: 40,
    parse(params) {
      const p = params as Partial<P> | undefined;
      if (
        !p ||
        typeof p.owner !== 'string' ||
        typeof p.ownerId !== 'string' ||
        typeof p.runId !== 'string' ||
        typeof p.uid !== 'string' ||
        typeof p.revision !== 'number' ||
        typeof p.headerRowIndex !== 'number' ||
        !Array.isArray(p.mapping) ||
        !owner.valid(p)
      )
        throw new TaskFailure('invalidParams');
      return p as P;
    },
    async count(p) {
      try {
        await owner.check(p);
        return (await stage(p)).total + 1;
      } catch (error) {
        return refuse(p, error);
      }
    },
    async runChunk({ params: p, cursor, size }) {
      const jobId = jobIdOf(p);
      if (cursor === SWITCHED) {
        // the switch is committed: the replaced set and the staging go, the company remembers the mapping
        const run = (await runRef(p).get()).data() as RunCounters | undefined;
        if (run?.previousRunId && run.previousRunId !== p.runId) await d.repo.deleteRun(jobId, run.previousRunId);
        const job = await d.repo.get(jobId);
        if (job?.runId === p.runId) await owner.after?.(p, job);
        await dropStaging(p);
        return { cursor: 'cleaned', processed: 0, finished: true };
      }
      try {
        await owner.check(p);
        const manifest = await stage(p);
        const done = typeof cursor === 'number' ? cursor : 0;
        if (done < manifest.total) return await matchChunk(p, done, size);
        // every line is in the set: switch the owner to it
        const run = ((await runRef(p).get()).data() ?? {}) as RunCounters;
        const lineCount = run.lineCount ?? 0;
        const errorCount = run.errorCount ?? 0;
        const job: BomJob = {
          id: jobId,
          owner: p.owner,
          ownerId: p.ownerId,
          revision: p.revision,
          runId: p.runId,
          bomFileName: manifest.fileName,
          headers: manifest.headers,
          fieldMapping: p.mapping,
          bomHeaderRowIndex: p.headerRowIndex,
          ...(p.suppliedPartString ? { suppliedPartString: p.suppliedPartString } : {}),
          lineCount,
          errorCount,
          successRate: successRateOf(lineCount, errorCount),
          errorsByType: errorsByTypeOf(run.errorsByType),
          totalCents: run.totalCents ?? 0,
          mappedAt: d.now(),
          mappedBy: p.uid,
        };
        await owner.switchTo(p, job, async (tx, final) => {
          const previous = await d.repo.getInTx(tx, jobId);
          d.repo.setInTx(tx, final);
          // noted with the switch, so a retry after a crash still knows which set to delete
          if (previous && previous.runId !== p.runId)
            tx.set(runRef(p), { previousRunId: previous.runId }, { merge: true });
        });
        return { cursor: SWITCHED, processed: 1, finished: false };
      } catch (error) {
        return refuse(p, error);
      }
    },
  };

  async function matchChunk(p: P, done: number, size: number) {
    const n = Math.floor(done / LINE_SET_CHUNK);
    const from = done % LINE_SET_CHUNK;
    const lines = (await stagedBatches<BomLine, Manifest>(d.files, lineSetFolder(p.runId)).readBatch(n)).slice(
      from,
      from + size,
    );
    const context = await contextOf(p);
    await matchBomLines(lines, context.lookup, { manufacturers: context.manufacturers });
    const stored: StoredBomLine[] = lines.map((l) => ({ ...l, id: lineId(l.rowNumber) }));
    const counters: Record<string, unknown> = {
      lineCount: FieldValue.increment(stored.length),
      errorCount: FieldValue.increment(stored.filter((l) => l.bomError).length),
      totalCents: FieldValue.increment(stored.reduce((s, l) => s + lineCents(l), 0)),
    };
    const byType = new Map<string, number>();
    for (const l of stored) if (l.bomError) byType.set(l.bomError, (byType.get(l.bomError) ?? 0) + 1);
    const jobId = jobIdOf(p);
    const next = done + stored.length;
    return {
      cursor: next,
      processed: stored.length,
      finished: false,
      commit(tx: Transaction) {
        // the lines and the counters with the cursor: once, however often the chunk is delivered
        for (const l of stored) d.repo.setLineInTx(tx, jobId, p.runId, l);
        tx.set(
          runRef(p),
          {
            ...counters,
            errorsByType: Object.fromEntries([...byType].map(([k, v]) => [k, FieldValue.increment(v)])),
            updatedAt: d.now(),
          },
          { merge: true },
        );
      },
    };
  }
}

function errorsByTypeOf(counted: Partial<Record<BomErrorType, number>> | undefined): Record<BomErrorType, number> {
  return { ...ZERO_ERRORS, ...(counted ?? {}) };
}

const ZERO_ERRORS = Object.fromEntries(Object.values(BomErrorType).map((t) => [t, 0])) as Record<BomErrorType, number>;
