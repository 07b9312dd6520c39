import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnv } from '@schrankwerk/emulators/firestore/test-utils';
import { InMemoryArticleLookup } from '../../bom/article-lookup.js';
import type { BackgroundTask } from '../../model/background-task.js';
import type { BomJob } from '../../model/bom-job.js';
import type { FileStore, StoredObject } from '../../platform/files/file-store.js';
import { TaskFailure, TaskKindRegistry } from '../../platform/tasks/task-kind.js';
import { TaskRunner } from '../../platform/tasks/task-runner.js';
import { BOM_JOBS, BomJobsRepository } from './bom-jobs.repository.js';
import type { LineSetParams } from '../../model/bom-job.js';
import { LINE_SET_CHUNK, lineSetFolder, lineSetTask, type LineSetOwner } from './line-set.task.js';

// The line-set task (line-set.task.ts) with the runner against our Firestore emulator, called directly: the test
// plays the queue (each deliver() one delivery; chunksPerDelivery 1, so one chunk each) and the owner.

let env: TestEnv;
let db: Firestore;
beforeAll(async () => {
  env = await startEnv();
  db = env.db as unknown as Firestore;
});
afterAll(() => env.close());

class MemoryStore implements FileStore {
  readonly objects = new Map<string, Buffer>();
  async list(folder: string): Promise<StoredObject[]> {
    return [...this.objects.keys()]
      .filter((p) => p.startsWith(folder) && !p.slice(folder.length).includes('/'))
      .map((path) => ({ path, size: this.objects.get(path)!.length, contentType: 'application/json', metadata: {} }));
  }
  async createIfAbsent(path: string, bytes: Buffer): Promise<boolean> {
    if (this.objects.has(path)) return false;
    this.objects.set(path, bytes);
    return true;
  }
  async write(path: string, bytes: Buffer): Promise<void> {
    this.objects.set(path, bytes);
  }
  async createUploadSession(path: string): Promise<string> {
    return `memory://${path}`;
  }
  async stat(path: string): Promise<StoredObject | undefined> {
    return (await this.list(path.slice(0, path.lastIndexOf('/') + 1))).find((o) => o.path === path);
  }
  read(path: string): Readable {
    const s = new PassThrough();
    const bytes = this.objects.get(path);
    if (bytes) s.end(bytes);
    else queueMicrotask(() => s.destroy(Object.assign(new Error('No such object'), { code: 404 })));
    return s;
  }
  async delete(path: string): Promise<boolean> {
    return this.objects.delete(path);
  }
}

const LINES = 1000;
/** Every other line the catalogue's article (10 €), the others unknown. */
const rows = (): string[][] => [
  ['Pos', 'Bestellnummer', 'Menge'],
  ...Array.from({ length: LINES }, (_, i) => [String(i + 1), i % 2 ? 'KNOWN-1' : `UNKNOWN-${i}`, '1']),
];
const lookup = new InMemoryArticleLookup([{ id: 'a1', orderNumber: 'KNOWN-1', listPrice: 10 }]);

interface Harness {
  owner: LineSetOwner<LineSetParams>;
  switched: BomJob[];
  /** the owner refuses from now on */
  refuse?: string;
  /** the next switch throws (a crash before its commit) */
  crashSwitch?: boolean;
}

let n = 0;
function setup() {
  const h: Harness = {
    switched: [],
    owner: {
      kind: 'testLineSet',
      valid: () => true,
      check: async () => {
        if (h.refuse) throw new TaskFailure(h.refuse);
      },
      read: async () => ({ rows: rows(), fileName: 'liste.csv' }),
      switchTo: async (_p, job, also) => {
        await db.runTransaction(async (tx) => {
          await also(tx, job);
        });
        h.switched.push(job);
        if (h.crashSwitch) {
          h.crashSwitch = false;
          throw new Error('process died after the switch');
        }
      },
    },
  };
  const files = new MemoryStore();
  const repo = new BomJobsRepository(db);
  const kinds = new TaskKindRegistry().register(
    lineSetTask(h.owner, {
      repo,
      files,
      catalogue: { matchContext: async () => ({ lookup, manufacturers: new Map(), units: [] }) },
      now: () => new Date(),
    }),
  );
  const runner = new TaskRunner({ db, queue: { enqueue: async () => undefined }, kinds, now: () => new Date() });
  const ownerId = `o${++n}${Date.now()}`;
  const params: LineSetParams = {
    owner: 'enquiry',
    ownerId,
    revision: 1,
    runId: `run${n}`,
    headerRowIndex: 1,
    mapping: [
      { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
      { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' },
    ],
    uid: 'u1',
  };
  const jobRef = db.collection(BOM_JOBS).doc(`enquiry_${ownerId}`);
  const lineCount = async (runId: string) =>
    (await jobRef.collection('runs').doc(runId).collection('bomLines').count().get()).data().count;
  const create = () => runner.create({ kind: 'testLineSet', params, createdBy: 'u1', chunksPerDelivery: 1 });
  const task = async (id: string) => (await runner.get(id)) as BackgroundTask;
  return { h, files, repo, runner, params, jobRef, lineCount, create, task };
}

describe('lineSetTask', () => {
  it('stages, matches a slice per chunk with real progress, switches, then deletes the replaced set', async () => {
    const { h, files, runner, params, jobRef, lineCount, create, task } = setup();
    // a set mapped before: replaced by this task, deleted only after the switch
    await jobRef.set({
      id: jobRef.id,
      owner: 'enquiry',
      ownerId: params.ownerId,
      runId: 'old',
      revision: 1,
      mappedAt: new Date(),
    });
    await jobRef.collection('runs').doc('old').collection('bomLines').doc('0000002').set({ rowNumber: 2, quantity: 1 });
    const id = await create();
    const percents: number[] = [];
    for (let d = 0; d < 3; d++) {
      expect(await runner.deliver(id, { id: `${id}-${d}`, lastAttempt: false })).toBe('handedOn');
      const t = await task(id);
      expect(t.progress.total).toBe(LINES + 1);
      percents.push(t.progress.percent!);
      expect(await lineCount(params.runId)).toBe(Math.min(LINES, (d + 1) * LINE_SET_CHUNK));
    }
    // 400, 800, 1000 of 1001: strictly rising, never 100 before the switch
    expect(percents).toEqual([39, 79, 99]);
    expect(h.switched).toEqual([]);
    expect(await runner.deliver(id, { id: `${id}-3`, lastAttempt: false })).toBe('handedOn');
    expect(h.switched).toHaveLength(1);
    // switched: the job serves the new set; the replaced one is still there until the clean-up
    expect((await jobRef.get()).data()).toMatchObject({ runId: params.runId, lineCount: LINES, errorCount: LINES / 2 });
    expect(h.switched[0]).toMatchObject({ lineCount: LINES, errorCount: LINES / 2, totalCents: (LINES / 2) * 1000 });
    expect(await lineCount('old')).toBe(1);
    expect(await runner.deliver(id, { id: `${id}-4`, lastAttempt: false })).toBe('done');
    expect(await lineCount('old')).toBe(0);
    expect(await files.list(lineSetFolder(params.runId))).toEqual([]);
    expect((await task(id)).progress).toEqual({ done: LINES + 1, total: LINES + 1, percent: 100 });
  });

  it('a duplicate delivery of a chunk commits it once; a crash after the switch switches again to the same set', async () => {
    const { h, runner, params, jobRef, lineCount, create, task } = setup();
    const id = await create();
    // two deliveries at once: one holds the lease (the other finds it busy, or takes the next chunk after it)
    const outcomes = await Promise.all([
      runner.deliver(id, { id: `${id}-a`, lastAttempt: false }),
      runner.deliver(id, { id: `${id}-b`, lastAttempt: false }),
    ]);
    expect(outcomes).toContain('handedOn');
    for (let d = 0; (await task(id)).cursor !== LINES; d++)
      await runner.deliver(id, { id: `${id}-${d}`, lastAttempt: false });
    h.crashSwitch = true;
    await expect(runner.deliver(id, { id: `${id}-s`, lastAttempt: false })).rejects.toThrow('process died');
    // the retry of that delivery switches again (the same set), then cleans up
    expect(await runner.deliver(id, { id: `${id}-s`, lastAttempt: false })).toBe('handedOn');
    expect(await runner.deliver(id, { id: `${id}-c`, lastAttempt: false })).toBe('done');
    expect(h.switched.map((j) => j.runId)).toEqual([params.runId, params.runId]);
    const counters = (await jobRef.collection('runs').doc(params.runId).get()).data()!;
    expect(counters).toMatchObject({ lineCount: LINES, errorCount: LINES / 2 });
    expect(await lineCount(params.runId)).toBe(LINES);
    expect((await task(id)).state).toBe('done');
  });

  it('an owner that refuses ends the task failed: the new set and the staging go, nothing is switched', async () => {
    const { h, files, runner, params, jobRef, lineCount, create, task } = setup();
    const id = await create();
    expect(await runner.deliver(id, { id: `${id}-0`, lastAttempt: false })).toBe('handedOn');
    expect(await lineCount(params.runId)).toBe(LINE_SET_CHUNK);
    expect((await files.list(lineSetFolder(params.runId))).length).toBeGreaterThan(0);
    h.refuse = 'enquiryLocked';
    expect(await runner.deliver(id, { id: `${id}-1`, lastAttempt: false })).toBe('failed');
    expect(await task(id)).toMatchObject({ state: 'failed', error: { code: 'enquiryLocked' } });
    expect(h.switched).toEqual([]);
    expect(await lineCount(params.runId)).toBe(0);
    expect((await jobRef.collection('runs').doc(params.runId).get()).exists).toBe(false);
    expect(await files.list(lineSetFolder(params.runId))).toEqual([]);
    expect((await jobRef.get()).exists).toBe(false);
  });
});
