// Object metadata store: in memory for speed, persisted as one JSON file per object.
// Layout under dataDir:  blobs/<uuid>        object bytes (immutable once written)
//                        meta/<sha1>.json    ObjectMeta; sha1 of "bucket\0name" keeps file names safe
//                        buckets.json        explicitly created / implicitly seen buckets
//                        tmp/                uploads in progress, wiped at startup
// Every write is tmp-file + rename, so a crash never leaves a half-written blob or meta file.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compareCodePoints } from '../shared/code-point-order.js';
import { notFound } from './errors.js';

export interface ObjectMeta {
  bucket: string;
  name: string;
  generation: string;
  metageneration: string;
  /** file name under blobs/ */
  blob: string;
  size: number;
  md5Hash: string;
  crc32c: string;
  contentType?: string;
  contentEncoding?: string;
  contentDisposition?: string;
  contentLanguage?: string;
  cacheControl?: string;
  customTime?: string;
  metadata?: Record<string, string>;
  storageClass: string;
  timeCreated: string;
  updated: string;
}

export interface BucketMeta {
  name: string;
  timeCreated: string;
  updated: string;
  metageneration: string;
  location: string;
  storageClass: string;
  /** the bucket's CORS configuration (`bucket.setCorsConfiguration`), applied by cors.ts */
  cors?: CorsRule[];
}

/** One entry of a bucket's `cors` list, as the JSON API takes it. */
export interface CorsRule {
  origin?: string[];
  method?: string[];
  responseHeader?: string[];
  maxAgeSeconds?: number;
}

/** Fields a client may set on an object (upload metadata, patch, rewrite body). */
export const WRITABLE_FIELDS = [
  'contentType',
  'contentEncoding',
  'contentDisposition',
  'contentLanguage',
  'cacheControl',
  'customTime',
] as const;

let lastGeneration = 0;
/** Generations are microsecond timestamps, strictly increasing within this process. */
export function newGeneration(): string {
  const now = Date.now() * 1000 + Math.floor((performance.now() % 1) * 1000);
  lastGeneration = Math.max(now, lastGeneration + 1);
  return String(lastGeneration);
}

/** After loading persisted objects: never hand out a generation at or below one on disk. */
function noteGeneration(g: string): void {
  const n = Number(g);
  if (Number.isSafeInteger(n) && n > lastGeneration) lastGeneration = n;
}

const keyOf = (bucket: string, name: string) => `${bucket}\0${name}`;

export class ObjectStore {
  private readonly objects = new Map<string, Map<string, ObjectMeta>>();
  private readonly sortedCache = new Map<string, string[]>();
  private readonly buckets = new Map<string, BucketMeta>();
  /** live objects per blob: copies share immutable blobs, a blob is deleted at zero */
  private readonly blobRefs = new Map<string, number>();
  /** per-object chain of pending meta-file writes, so they land in order */
  private readonly writes = new Map<string, Promise<void>>();

  private constructor(readonly dataDir: string) {}

  static async open(dataDir: string): Promise<ObjectStore> {
    const store = new ObjectStore(dataDir);
    await rm(join(dataDir, 'tmp'), { recursive: true, force: true });
    for (const d of ['blobs', 'meta', 'tmp']) await mkdir(join(dataDir, d), { recursive: true });
    await store.load();
    return store;
  }

  private async load(): Promise<void> {
    try {
      const list = JSON.parse(await readFile(join(this.dataDir, 'buckets.json'), 'utf8')) as BucketMeta[];
      for (const b of list) this.buckets.set(b.name, b);
    } catch {
      // no buckets yet
    }
    const referenced = new Set<string>();
    for (const file of await readdir(join(this.dataDir, 'meta'))) {
      if (!file.endsWith('.json')) continue;
      try {
        const meta = JSON.parse(await readFile(join(this.dataDir, 'meta', file), 'utf8')) as ObjectMeta;
        this.setLive(meta);
        noteGeneration(meta.generation);
        referenced.add(meta.blob);
      } catch {
        // a torn write cannot happen (rename), but ignore foreign files
      }
    }
    // Blobs left behind by a crash between blob rename and meta write are garbage.
    for (const blob of await readdir(join(this.dataDir, 'blobs'))) {
      if (!referenced.has(blob)) await unlink(join(this.dataDir, 'blobs', blob)).catch(() => {});
    }
  }

  private bucketMap(bucket: string): Map<string, ObjectMeta> {
    let m = this.objects.get(bucket);
    if (!m) this.objects.set(bucket, (m = new Map()));
    return m;
  }

  get(bucket: string, name: string): ObjectMeta | undefined {
    return this.objects.get(bucket)?.get(name);
  }

  mustGet(bucket: string, name: string): ObjectMeta {
    const m = this.get(bucket, name);
    if (!m) throw notFound(bucket, name);
    return m;
  }

  /** Object names of a bucket in GCS order (code point = UTF-8 byte order), cached until the name set changes. */
  sortedNames(bucket: string): string[] {
    let names = this.sortedCache.get(bucket);
    if (!names) {
      names = [...(this.objects.get(bucket)?.keys() ?? [])].sort(compareCodePoints);
      this.sortedCache.set(bucket, names);
    }
    return names;
  }

  blobPath(meta: Pick<ObjectMeta, 'blob'>): string {
    return join(this.dataDir, 'blobs', meta.blob);
  }

  tmpPath(): string {
    return join(this.dataDir, 'tmp', randomUUID());
  }

  // ---- buckets -------------------------------------------------------------------------------

  /** Every bucket name exists implicitly; known ones keep their creation time. */
  bucket(name: string): BucketMeta {
    return this.buckets.get(name) ?? makeBucket(name);
  }

  listBuckets(): BucketMeta[] {
    const names = new Set([...this.buckets.keys(), ...[...this.objects].filter(([, m]) => m.size > 0).map(([b]) => b)]);
    return [...names].sort().map((n) => this.bucket(n));
  }

  async ensureBucket(name: string): Promise<BucketMeta> {
    let b = this.buckets.get(name);
    if (!b) {
      b = makeBucket(name);
      this.buckets.set(name, b);
      await this.saveBuckets();
    }
    return b;
  }

  /** PATCH/PUT of a bucket: only `cors` is kept (`null` or `[]` clears it); anything else is accepted and ignored. */
  async updateBucket(name: string, body: Record<string, unknown>): Promise<BucketMeta> {
    const b = await this.ensureBucket(name);
    if ('cors' in body) {
      if (Array.isArray(body.cors) && body.cors.length) b.cors = body.cors as CorsRule[];
      else delete b.cors;
    }
    b.metageneration = String(Number(b.metageneration) + 1);
    b.updated = new Date().toISOString();
    await this.saveBuckets();
    return b;
  }

  async deleteBucket(name: string): Promise<void> {
    this.buckets.delete(name);
    await this.saveBuckets();
  }

  private async saveBuckets(): Promise<void> {
    await this.chain('\0buckets', () =>
      atomicWrite(join(this.dataDir, 'buckets.json'), JSON.stringify([...this.buckets.values()], null, 1)),
    );
  }

  // ---- objects -------------------------------------------------------------------------------

  /**
   * Make a finished temp file the new live generation of an object. `build` runs synchronously
   * right before the swap, so preconditions it checks are atomic against the current state.
   */
  async commit(
    bucket: string,
    name: string,
    tmpFile: string,
    build: (existing: ObjectMeta | undefined) => Omit<ObjectMeta, 'blob'>,
  ): Promise<ObjectMeta> {
    const blob = randomUUID();
    await rename(tmpFile, join(this.dataDir, 'blobs', blob));
    let meta: ObjectMeta;
    try {
      meta = { ...build(this.get(bucket, name)), blob };
    } catch (err) {
      await unlink(join(this.dataDir, 'blobs', blob)).catch(() => {});
      throw err;
    }
    return this.swap(meta);
  }

  /** Replace the live object with `meta` (already holding its own blob), persist, drop the old blob. */
  async swap(meta: ObjectMeta): Promise<ObjectMeta> {
    const old = this.setLive(meta);
    await this.ensureBucket(meta.bucket);
    await this.persist(meta.bucket, meta.name);
    if (old) await this.release(old.blob);
    return meta;
  }

  /** Metadata-only update (patch): same blob, new metageneration already set by the caller. */
  async update(meta: ObjectMeta): Promise<ObjectMeta> {
    const old = this.setLive(meta);
    await this.persist(meta.bucket, meta.name);
    if (old) await this.release(old.blob);
    return meta;
  }

  async delete(meta: ObjectMeta): Promise<void> {
    const m = this.objects.get(meta.bucket);
    if (m?.get(meta.name) !== meta) return;
    m.delete(meta.name);
    this.sortedCache.delete(meta.bucket);
    await this.persist(meta.bucket, meta.name);
    await this.release(meta.blob);
  }

  /** Install `meta` as the live object; returns the object it replaced (its blob ref still held). */
  private setLive(meta: ObjectMeta): ObjectMeta | undefined {
    const m = this.bucketMap(meta.bucket);
    const old = m.get(meta.name);
    if (!old) this.sortedCache.delete(meta.bucket);
    m.set(meta.name, meta);
    this.blobRefs.set(meta.blob, (this.blobRefs.get(meta.blob) ?? 0) + 1);
    return old;
  }

  /** Drop one reference to a blob; the file goes when no live object uses it. */
  private async release(blob: string): Promise<void> {
    const n = (this.blobRefs.get(blob) ?? 1) - 1;
    if (n > 0) {
      this.blobRefs.set(blob, n);
      return;
    }
    this.blobRefs.delete(blob);
    await unlink(join(this.dataDir, 'blobs', blob)).catch(() => {});
  }

  /** Write (or remove) the meta file of one object to match the in-memory state. */
  private persist(bucket: string, name: string): Promise<void> {
    const file = join(this.dataDir, 'meta', createHash('sha1').update(keyOf(bucket, name)).digest('hex') + '.json');
    return this.chain(keyOf(bucket, name), async () => {
      const meta = this.get(bucket, name);
      if (meta) await atomicWrite(file, JSON.stringify(meta));
      else await unlink(file).catch(() => {});
    });
  }

  private chain(key: string, job: () => Promise<void>): Promise<void> {
    const prev = this.writes.get(key) ?? Promise.resolve();
    const next = prev.then(job, job);
    this.writes.set(key, next);
    void next
      .finally(() => {
        if (this.writes.get(key) === next) this.writes.delete(key);
      })
      .catch(() => {});
    return next;
  }

  /** Wait for all pending meta writes (used on stop). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.writes.values()]);
  }
}

function makeBucket(name: string): BucketMeta {
  const now = new Date().toISOString();
  return { name, timeCreated: now, updated: now, metageneration: '1', location: 'US', storageClass: 'STANDARD' };
}

async function atomicWrite(file: string, data: string): Promise<void> {
  const tmp = `${file}.${randomUUID()}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}
