// JSON API object operations: get, patch/update, delete, list, download, copy/rewrite, move, compose.
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, notFound } from './errors.js';
import { sendMedia } from './download.js';
import { patchFields, replaceFields } from './fields.js';
import { Hasher } from './hashes.js';
import { readJson, sendEmpty, sendJson } from './http.js';
import { listObjects, listQueryFrom } from './list.js';
import { WRITABLE_FIELDS, newGeneration, type ObjectMeta, type ObjectStore } from './objects.js';
import { checkConditions, conditionsFrom } from './preconditions.js';
import { baseUrl, objectResource } from './resource.js';
import { pump } from './uploads.js';

/** The live object, honouring an explicit `generation` (only the live one exists: no versioning). */
function lookup(store: ObjectStore, bucket: string, name: string, generation: string | null): ObjectMeta {
  const meta = store.mustGet(bucket, name);
  if (generation && generation !== meta.generation) throw notFound(bucket, name);
  return meta;
}

export class ObjectHandlers {
  constructor(private readonly store: ObjectStore) {}

  async get(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    q: URLSearchParams,
  ): Promise<void> {
    const meta = lookup(this.store, bucket, name, q.get('generation'));
    checkConditions(meta, conditionsFrom(q), true);
    sendJson(res, 200, objectResource(meta, baseUrl(req)));
  }

  async download(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    q: URLSearchParams,
  ): Promise<void> {
    const conditions = conditionsFrom(q);
    await sendMedia(req, res, this.store, () => {
      const meta = lookup(this.store, bucket, name, q.get('generation'));
      checkConditions(meta, conditions, true);
      return meta;
    });
  }

  /** PATCH merges; PUT (objects.update) replaces all writable fields. Both bump metageneration. */
  async patch(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    q: URLSearchParams,
    replace: boolean,
  ): Promise<void> {
    const body = await readJson(req);
    const current = lookup(this.store, bucket, name, q.get('generation'));
    checkConditions(current, conditionsFrom(q));
    const base = replace ? { ...stripWritable(current), ...replaceFields(body) } : patchFields(current, body);
    const next: ObjectMeta = {
      ...base,
      contentType: base.contentType ?? current.contentType,
      metageneration: String(Number(current.metageneration) + 1),
      updated: new Date().toISOString(),
    };
    await this.store.update(next);
    sendJson(res, 200, objectResource(next, baseUrl(req)));
  }

  async delete(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    q: URLSearchParams,
  ): Promise<void> {
    req.resume();
    const meta = lookup(this.store, bucket, name, q.get('generation'));
    checkConditions(meta, conditionsFrom(q));
    await this.store.delete(meta);
    sendEmpty(res, 204);
  }

  async list(req: IncomingMessage, res: ServerResponse, bucket: string, q: URLSearchParams): Promise<void> {
    const page = listObjects(this.store, bucket, listQueryFrom(q));
    const base = baseUrl(req);
    const body: Record<string, unknown> = { kind: 'storage#objects' };
    // GCS omits empty `items` / `prefixes` rather than sending []
    if (page.items.length) body.items = page.items.map((m) => objectResource(m, base));
    if (page.prefixes.length) body.prefixes = page.prefixes;
    if (page.nextPageToken) body.nextPageToken = page.nextPageToken;
    sendJson(res, 200, body);
  }

  /**
   * copyTo / rewriteTo. Blobs are immutable, so the copy shares the source blob (no byte copy);
   * a request body overrides the destination's metadata on top of the source's.
   */
  async copy(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    destBucket: string,
    destName: string,
    q: URLSearchParams,
    kind: 'copyTo' | 'rewriteTo',
  ): Promise<void> {
    const body = await readJson(req);
    const src = lookup(this.store, bucket, name, q.get('sourceGeneration'));
    checkConditions(src, conditionsFrom(q, 'ifSource'));
    const dest = conditionsFrom(q);
    checkConditions(this.store.get(destBucket, destName), dest);
    const fields = hasResourceFields(body) ? patchFields(src, body) : src;
    const now = new Date().toISOString();
    const meta: ObjectMeta = {
      ...fields,
      bucket: destBucket,
      name: destName,
      generation: newGeneration(),
      metageneration: '1',
      timeCreated: now,
      updated: now,
    };
    await this.store.swap(meta);
    const resource = objectResource(meta, baseUrl(req));
    if (kind === 'copyTo') return sendJson(res, 200, resource);
    sendJson(res, 200, {
      kind: 'storage#rewriteResponse',
      totalBytesRewritten: String(meta.size),
      objectSize: String(meta.size),
      done: true,
      resource,
    });
  }

  /** moveTo (File#moveFileAtomic): atomic rename inside one bucket. */
  async move(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    destName: string,
    q: URLSearchParams,
  ): Promise<void> {
    await readJson(req);
    const src = lookup(this.store, bucket, name, null);
    checkConditions(src, conditionsFrom(q, 'ifSource'));
    checkConditions(this.store.get(bucket, destName), conditionsFrom(q));
    if (destName === name) throw badRequest('Source and destination object names must be different.');
    const now = new Date().toISOString();
    const meta: ObjectMeta = { ...src, name: destName, generation: newGeneration(), metageneration: '1', updated: now };
    await this.store.swap(meta);
    await this.store.delete(src);
    sendJson(res, 200, objectResource(meta, baseUrl(req)));
  }

  /** compose: concatenate up to 32 source objects of the bucket into `name`. */
  async compose(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    name: string,
    q: URLSearchParams,
  ): Promise<void> {
    const body = await readJson(req);
    const sources = body.sourceObjects;
    if (!Array.isArray(sources) || sources.length === 0 || sources.length > 32) {
      throw badRequest('sourceObjects must list 1 to 32 objects');
    }
    const metas = sources.map((s: unknown) => {
      const o = s as { name?: unknown; generation?: unknown };
      if (typeof o?.name !== 'string') throw badRequest('sourceObjects[].name is required');
      return lookup(this.store, bucket, o.name, o.generation == null ? null : String(o.generation));
    });
    const dest = conditionsFrom(q);
    checkConditions(this.store.get(bucket, name), dest);
    const tmp = this.store.tmpPath();
    const hasher = new Hasher();
    try {
      await pump(concatFiles(metas.map((m) => this.store.blobPath(m))), tmp, hasher, 'w');
      const destination = (body.destination ?? {}) as Record<string, unknown>;
      const fields = replaceFields(destination);
      const meta = await this.store.commit(bucket, name, tmp, (existing) => {
        checkConditions(existing, dest);
        const now = new Date().toISOString();
        return {
          ...fields,
          contentType: fields.contentType ?? metas[0]!.contentType,
          bucket,
          name,
          generation: newGeneration(),
          metageneration: '1',
          size: hasher.bytes,
          ...hasher.digest(),
          storageClass: 'STANDARD',
          timeCreated: now,
          updated: now,
        };
      });
      sendJson(res, 200, { ...objectResource(meta, baseUrl(req)), componentCount: metas.length });
    } finally {
      await unlink(tmp).catch(() => {});
    }
  }
}

/** The bytes of `paths`, one file after the other. */
async function* concatFiles(paths: string[]): AsyncGenerator<Buffer> {
  for (const p of paths) yield* createReadStream(p) as AsyncIterable<Buffer>;
}

function hasResourceFields(body: Record<string, unknown>): boolean {
  return Object.keys(body).some((k) => k !== 'kind' && k !== 'name' && k !== 'bucket');
}

/** `meta` without its client-writable fields (contentType is kept: PUT falls back to it). */
function stripWritable(meta: ObjectMeta): ObjectMeta {
  const rest = { ...meta };
  for (const f of WRITABLE_FIELDS) if (f !== 'contentType') delete rest[f];
  delete rest.metadata;
  return rest;
}
