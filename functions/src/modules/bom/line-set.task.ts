import type { Transaction } from 'firebase-admin/firestore';
import { matchBomLines } from '../../bom/matcher.js';
import { BomErrorType } from '../../model/bom/bom-error.js';
import { bomJobId, successRateOf, type BomJob, type LineSetParams, type StoredBomLine } from '../../model/bom-job.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { TaskFailure, type ChunkResult, type TaskKind } from '../../platform/tasks/task-kind.js';
import type { CataloguePort } from '../catalogue/catalogue.port.js';
import { lineId, type BomJobsRepository, type RunCounters } from './bom-jobs.repository.js';
import { LINE_SET_CHUNK, lineSetStaging, type Manifest } from './line-set-staging.js';
import { newJob } from './map-flow.js';
import { lineCents } from './matched-lines.js';

export { LINE_SET_CHUNK, lineSetFolder } from './line-set-staging.js';

/**
 * What a line set's owner decides (the enquiry or offer through its rules, map-task.ts; the admin import,
 * import-task.ts). Refusals are TaskFailure(code): the task ends `failed` and the new set is removed.
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
  repo: BomJobsRepository;
  files: FileStore;
  catalogue: Pick<CataloguePort, 'matchContext'>;
  now: () => Date;
}

const SWITCHED = 'switched';

/** The stored params carry what every line set needs (the owner checks its own fields). */
function parsedParams<P extends LineSetParams>(owner: LineSetOwner<P>, params: unknown): P {
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
}

/** The finished set's job document, from the counters its chunks raised. */
function finishedJob(p: LineSetParams, manifest: Manifest, run: RunCounters, mappedAt: Date): BomJob {
  const lineCount = run.lineCount ?? 0;
  const errorCount = run.errorCount ?? 0;
  return newJob(
    p,
    { ...manifest, mapping: p.mapping, headerRowIndex: p.headerRowIndex, suppliedPartString: p.suppliedPartString },
    {
      lineCount,
      errorCount,
      successRate: successRateOf(lineCount, errorCount),
      errorsByType: { ...ZERO_ERRORS, ...(run.errorsByType ?? {}) },
      totalCents: run.totalCents ?? 0,
    },
    mappedAt,
  );
}

/**
 * A mapped BOM built as a background task in chunks (docs/decisions-bom.md "Background mapping"), one mechanism for
 * every owner: the first delivery reads the sheet once and stages its lines (built, not matched) as batches in
 * Storage (`count`, line-set-staging.ts); each chunk then matches LINE_SET_CHUNK lines against the catalogue and
 * writes them into the new line set in the transaction that moves the cursor, raising the set's counters there (so
 * progress is real and a repeated or retried delivery writes each line once); the chunk after the last line switches
 * the owner to the set (the owner's rules, in its transaction); the last chunk deletes the set it replaced and the
 * staging. A refused check (locked, replaced) removes the new set and ends the task `failed` with nothing switched.
 * Total: lines + 1 (the switch), so 100 % means switched.
 */
export function lineSetTask<P extends LineSetParams>(owner: LineSetOwner<P>, d: LineSetDeps): TaskKind<P> {
  const staging = lineSetStaging<P>({ files: d.files, catalogue: d.catalogue, read: (p) => owner.read(p) });
  const jobIdOf = (p: P) => bomJobId(p.owner, p.ownerId);

  const dropStaging = async (p: P) => {
    await staging.drop(p);
    await owner.cleanup?.(p);
  };

  /** The owner refuses: the new set and the staging go, the task ends `failed` with the owner's code. */
  async function refuse(p: P, error: unknown): Promise<never> {
    if (error instanceof TaskFailure) {
      await d.repo.deleteRun(jobIdOf(p), p.runId);
      await dropStaging(p);
    }
    throw error;
  }

  /** Every line is in the set: the owner switches to it; the job is written and the replaced set noted there. */
  async function switchOwner(p: P, manifest: Manifest): Promise<ChunkResult> {
    const jobId = jobIdOf(p);
    const job = finishedJob(p, manifest, await d.repo.runCounters(jobId, p.runId), d.now());
    await owner.switchTo(p, job, async (tx, final) => {
      const previous = await d.repo.getInTx(tx, jobId);
      d.repo.setInTx(tx, final);
      if (previous && previous.runId !== p.runId) d.repo.notePreviousRunInTx(tx, jobId, p.runId, previous.runId);
    });
    return { cursor: SWITCHED, processed: 1, finished: false };
  }

  /** The switch is committed: the replaced set and the staging go, the company remembers the mapping. */
  async function cleanUp(p: P): Promise<ChunkResult> {
    const jobId = jobIdOf(p);
    const { previousRunId } = await d.repo.runCounters(jobId, p.runId);
    if (previousRunId && previousRunId !== p.runId) await d.repo.deleteRun(jobId, previousRunId);
    const job = await d.repo.get(jobId);
    if (job?.runId === p.runId) await owner.after?.(p, job);
    await dropStaging(p);
    return { cursor: 'cleaned', processed: 0, finished: true };
  }

  /** `size` staged lines from `done` on, matched and written with the cursor and the counters: once, however often. */
  async function matchChunk(p: P, done: number, size: number): Promise<ChunkResult> {
    const lines = await staging.batch(p, done, size);
    const context = await staging.contextOf(p);
    await matchBomLines(lines, context.lookup, { manufacturers: context.manufacturers });
    const stored: StoredBomLine[] = lines.map((l) => ({ ...l, id: lineId(l.rowNumber) }));
    const jobId = jobIdOf(p);
    const cents = stored.reduce((s, l) => s + lineCents(l), 0);
    return {
      cursor: done + stored.length,
      processed: stored.length,
      finished: false,
      commit(tx: Transaction) {
        for (const l of stored) d.repo.setLineInTx(tx, jobId, p.runId, l);
        d.repo.addToRunInTx(tx, jobId, p.runId, stored, cents, d.now());
      },
    };
  }

  return {
    kind: owner.kind,
    chunkSize: LINE_SET_CHUNK,
    chunksPerDelivery: 40,
    parse: (params) => parsedParams(owner, params),
    async count(p) {
      try {
        await owner.check(p);
        return (await staging.stage(p)).total + 1;
      } catch (error) {
        return refuse(p, error);
      }
    },
    async runChunk({ params: p, cursor, size }) {
      if (cursor === SWITCHED) return cleanUp(p);
      try {
        await owner.check(p);
        const manifest = await staging.stage(p);
        const done = typeof cursor === 'number' ? cursor : 0;
        return done < manifest.total ? await matchChunk(p, done, size) : await switchOwner(p, manifest);
      } catch (error) {
        return refuse(p, error);
      }
    },
  };
}

const ZERO_ERRORS = Object.fromEntries(Object.values(BomErrorType).map((t) => [t, 0])) as Record<BomErrorType, number>;
