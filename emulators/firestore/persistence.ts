import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Doc, Store } from './store.js';
import type { Fields, Value } from './values.js';

/**
 * Snapshot persistence: the whole store as one JSON file (`firestore.json`) holding documents in
 * protobuf-JSON value form (bytes as base64). Written to a temp file and renamed, so a crash
 * never leaves a torn file. Flushed periodically when dirty and on shutdown.
 */
const FORMAT = 'schrankwerk-firestore/1';
const FILE = 'firestore.json';
/** documents serialised per write call */
const FLUSH_CHUNK = 1000;

interface Snapshot {
  format: string;
  documents: { name: string; createTime: number; updateTime: number; fields: Fields }[];
}

function loadSnapshot(store: Store, dir: string): number {
  const file = path.join(dir, FILE);
  if (!existsSync(file)) return 0;
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  if (snap.format !== FORMAT) throw new Error(`${file}: unknown format ${snap.format}`);
  for (const d of snap.documents) {
    reviveFields(d.fields);
    store.load(d as Doc);
  }
  return snap.documents.length;
}

function reviveFields(f: Fields): void {
  for (const k of Object.keys(f)) reviveValue(f[k]!);
}
function reviveValue(v: Value): void {
  if (typeof v.doubleValue === 'string')
    v.doubleValue = Number(v.doubleValue); // "NaN", "Infinity", "-Infinity", "-0"
  else if (typeof v.bytesValue === 'string') v.bytesValue = Buffer.from(v.bytesValue, 'base64');
  else if (v.mapValue) reviveFields(v.mapValue.fields ?? {});
  else if (v.arrayValue) for (const x of v.arrayValue.values ?? []) reviveValue(x);
}

// Buffer.toJSON runs before the replacer, so bytes arrive here as { type: 'Buffer', data }.
// JSON has no NaN/±Infinity/-0: such doubles are stored as the protobuf-JSON strings ("NaN",
// "Infinity", "-Infinity", plus "-0") and revived by reviveValue.
const replacer = (key: string, v: unknown) => {
  if (key === 'doubleValue' && typeof v === 'number')
    return Number.isFinite(v) && !Object.is(v, -0) ? v : String(Object.is(v, -0) ? '-0' : v);
  return key === 'bytesValue' && v && typeof v === 'object' && 'data' in v
    ? Buffer.from((v as { data: number[] }).data).toString('base64')
    : v;
};

/** The pause after a flush is at least this many times its duration (see `start`). */
const FLUSH_SPACING = 15;

export class Persistence {
  private flushedGeneration = -1;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly dir: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  load(): number {
    const n = loadSnapshot(this.store, this.dir);
    this.flushedGeneration = this.store.generation;
    return n;
  }

  /**
   * Flushes every `intervalMs` while anything changed, but never sooner than FLUSH_SPACING times the last flush took
   * after it: a flush rewrites the whole store, so during a bulk load into a large store (an import of 100 000
   * articles: 300 000 documents, ~1 s a flush) a fixed 5 s made the flushes a third of the emulator's CPU, a cost
   * the real Firestore does not have. Bounded like this they take at most ~1/FLUSH_SPACING of it.
   */
  start(intervalMs = 5000): void {
    if (this.stopped) return;
    const tick = async () => {
      const started = performance.now();
      await this.flush().catch((e) => console.error('[firestore-emulator] flush failed:', e));
      if (this.stopped) return;
      const next = Math.max(intervalMs, FLUSH_SPACING * (performance.now() - started));
      this.timer = setTimeout(() => void tick(), next);
      this.timer.unref();
    };
    this.timer = setTimeout(() => void tick(), intervalMs);
    this.timer.unref();
  }

  /** Writes the snapshot if anything changed; concurrent calls share one write, then re-check. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.store.generation === this.flushedGeneration) return;
    const generation = this.store.generation;
    this.running = this.write().finally(() => (this.running = null));
    await this.running;
    this.flushedGeneration = generation;
  }

  /**
   * Writes the snapshot in chunks of documents: the set of documents is taken at once (stored documents are never
   * changed in place, a write replaces them, so the file is one consistent state), then serialised a chunk at a
   * time with the event loop free in between. At 100 000 documents one JSON string of the whole store blocked
   * queries for ~0.4 s per flush and held ~80 MB (the string and its buffer) on top of the store.
   */
  private async write(): Promise<void> {
    const documents: Snapshot['documents'] = [];
    for (const m of this.store.collections.values()) for (const d of m.values()) documents.push(d);
    const file = path.join(this.dir, FILE);
    const tmp = `${file}.${process.pid}.tmp`;
    const out = await open(tmp, 'w');
    try {
      await out.write(`{"format":${JSON.stringify(FORMAT)},"documents":[`);
      for (let i = 0; i < documents.length; i += FLUSH_CHUNK) {
        const chunk = JSON.stringify(documents.slice(i, i + FLUSH_CHUNK), replacer);
        await out.write((i ? ',' : '') + chunk.slice(1, -1));
      }
      await out.write(']}');
    } finally {
      await out.close();
    }
    await rename(tmp, file);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
  }
}
