// Upload endpoints (/upload/storage/v1/b/{bucket}/o): uploadType=media | multipart | resumable.
// Bytes stream straight to a temp file while md5/crc32c are computed on the fly; the file is then
// renamed into blobs/ by ObjectStore.commit, so an object is never held in memory.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { ApiError, badRequest } from './errors.js';
import { replaceFields } from './fields.js';
import { Hasher, parseGoogHash, type Digests } from './hashes.js';
import { parseJsonObject, readJson, sendEmpty, sendJson } from './http.js';
import { boundaryOf, MultipartParser } from './multipart.js';
import { newGeneration, type ObjectMeta, type ObjectStore } from './objects.js';
import { checkConditions, conditionsFrom, type Conditions } from './preconditions.js';
import { baseUrl, objectResource } from './resource.js';

interface Session {
  bucket: string;
  name: string;
  body: Record<string, unknown>;
  headerContentType?: string;
  conditions: Conditions;
  tmp: string;
  hasher: Hasher;
  total?: number;
  done?: ObjectMeta;
  busy: boolean;
  touched: number;
  /** `Origin` of the initiating request: the session URI answers CORS for it (cors.ts) */
  origin?: string;
}

const SESSION_TTL_MS = 24 * 3600 * 1000;

/** Append request bytes to `file`, hashing them; `skip` drops bytes the server already has. */
export async function pump(
  src: AsyncIterable<Buffer> | Iterable<Buffer>,
  file: string,
  hasher: Hasher,
  flags: 'w' | 'a',
  skip = 0,
): Promise<void> {
  const ws = createWriteStream(file, { flags, highWaterMark: 1 << 20 });
  let failure: unknown;
  ws.on('error', (err) => (failure ??= err)); // disk errors: reported below, never uncaught
  try {
    for await (let chunk of src) {
      if (skip > 0) {
        if (chunk.length <= skip) {
          skip -= chunk.length;
          continue;
        }
        chunk = chunk.subarray(skip);
        skip = 0;
      }
      hasher.update(chunk);
      if (!ws.write(chunk)) await once(ws, 'drain');
    }
  } catch (err) {
    failure = err;
  }
  ws.end();
  await finished(ws).catch((err: unknown) => (failure ??= err));
  if (failure) throw failure;
}

/** Reject a body whose hashes disagree with what the client declared (metadata or X-Goog-Hash). */
function verifyDigests(actual: Digests, expected: { md5?: unknown; crc32c?: unknown }): void {
  if (typeof expected.md5 === 'string' && expected.md5 !== actual.md5Hash) {
    throw badRequest(`Provided MD5 hash "${expected.md5}" doesn't match calculated MD5 hash "${actual.md5Hash}".`);
  }
  if (typeof expected.crc32c === 'string' && expected.crc32c !== actual.crc32c) {
    throw badRequest(`Provided CRC32C "${expected.crc32c}" doesn't match calculated CRC32C "${actual.crc32c}".`);
  }
}

function objectName(q: URLSearchParams, body: Record<string, unknown>): string {
  const name = q.get('name') ?? (typeof body.name === 'string' ? body.name : undefined);
  if (!name) throw badRequest('Required parameter: name', 'required');
  return name;
}

export class Uploads {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly store: ObjectStore) {}

  /** POST /upload/storage/v1/b/{bucket}/o */
  async start(req: IncomingMessage, res: ServerResponse, bucket: string, q: URLSearchParams): Promise<void> {
    const type = q.get('uploadType') ?? 'media';
    if (type === 'resumable') return this.initiate(req, res, bucket, q);
    if (type === 'multipart') return this.multipart(req, res, bucket, q);
    if (type === 'media') return this.media(req, res, bucket, q);
    throw badRequest(`Invalid uploadType: ${type}`);
  }

  private async media(req: IncomingMessage, res: ServerResponse, bucket: string, q: URLSearchParams): Promise<void> {
    const name = objectName(q, {});
    const conditions = conditionsFrom(q);
    checkConditions(this.store.get(bucket, name), conditions); // fail fast, re-checked at commit
    const tmp = this.store.tmpPath();
    const hasher = new Hasher();
    try {
      await pump(req as AsyncIterable<Buffer>, tmp, hasher, 'w');
      const body = { contentType: req.headers['content-type'] };
      const meta = await this.finish(
        bucket,
        name,
        tmp,
        hasher,
        body,
        undefined,
        conditions,
        parseGoogHash(req.headers['x-goog-hash']),
      );
      sendJson(res, 200, objectResource(meta, baseUrl(req)));
    } finally {
      await unlink(tmp).catch(() => {});
    }
  }

  private async multipart(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    q: URLSearchParams,
  ): Promise<void> {
    const boundary = boundaryOf(req.headers['content-type']);
    if (!boundary) throw badRequest('Missing multipart boundary');
    const parser = new MultipartParser(boundary);
    const tmp = this.store.tmpPath();
    const hasher = new Hasher();
    let part = -1;
    let jsonText = '';
    let mediaType: string | undefined;
    const conditions = conditionsFrom(q);
    // Only the media part (the second) goes to disk; the first part is the JSON resource.
    async function* media(): AsyncGenerator<Buffer> {
      for await (const chunk of req as AsyncIterable<Buffer>) {
        for (const ev of parser.feed(chunk)) {
          if (ev.type === 'part') {
            part++;
            if (part === 1) mediaType = ev.headers['content-type'];
          } else if (ev.type === 'data') {
            if (part === 0) jsonText += ev.data.toString('utf8');
            else if (part === 1) yield ev.data;
          }
        }
      }
    }
    try {
      await pump(media(), tmp, hasher, 'w');
      if (part < 1) throw badRequest('Multipart upload needs a metadata part and a media part');
      if (!parser.done) throw badRequest('Multipart body ended before its closing delimiter');
      const body = parseJsonObject(jsonText);
      const name = objectName(q, body);
      const meta = await this.finish(bucket, name, tmp, hasher, body, mediaType, conditions, {
        md5: body.md5Hash,
        crc32c: body.crc32c,
      });
      sendJson(res, 200, objectResource(meta, baseUrl(req)));
    } finally {
      await unlink(tmp).catch(() => {});
    }
  }

  /** Verify and commit a fully received upload as the new live generation. */
  private finish(
    bucket: string,
    name: string,
    tmp: string,
    hasher: Hasher,
    body: Record<string, unknown>,
    headerContentType: string | undefined,
    conditions: Conditions,
    expected: { md5?: unknown; crc32c?: unknown },
  ): Promise<ObjectMeta> {
    const digests = hasher.digest();
    verifyDigests(digests, expected);
    const fields = replaceFields(body);
    fields.contentType ??= headerContentType || 'application/octet-stream';
    return this.store.commit(bucket, name, tmp, (existing) => {
      checkConditions(existing, conditions);
      const now = new Date().toISOString();
      return {
        ...fields,
        bucket,
        name,
        generation: newGeneration(),
        metageneration: '1',
        size: hasher.bytes,
        ...digests,
        storageClass: typeof body.storageClass === 'string' ? body.storageClass : 'STANDARD',
        timeCreated: now,
        updated: now,
      };
    });
  }

  // ---- resumable -----------------------------------------------------------------------------

  private async initiate(req: IncomingMessage, res: ServerResponse, bucket: string, q: URLSearchParams): Promise<void> {
    const body = await readJson(req);
    const name = objectName(q, body);
    const conditions = conditionsFrom(q);
    checkConditions(this.store.get(bucket, name), conditions);
    this.sweep();
    const id = randomUUID().replace(/-/g, '');
    const lenHeader = req.headers['x-upload-content-length'];
    const total = typeof lenHeader === 'string' && /^\d+$/.test(lenHeader) ? Number(lenHeader) : undefined;
    const headerType = req.headers['x-upload-content-type'];
    const origin = req.headers.origin;
    this.sessions.set(id, {
      origin: typeof origin === 'string' ? origin : undefined,
      bucket,
      name,
      body,
      headerContentType: typeof headerType === 'string' ? headerType : undefined,
      conditions,
      tmp: this.store.tmpPath(),
      hasher: new Hasher(),
      total,
      busy: false,
      touched: Date.now(),
    });
    const location = `${baseUrl(req)}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=resumable&name=${encodeURIComponent(name)}&upload_id=${id}`;
    sendEmpty(res, 200, { Location: location, 'X-GUploader-UploadID': id });
  }

  /** The origin a session was started for (its URI answers CORS for it), if the session exists. */
  originOf(id: string): string | undefined {
    return this.sessions.get(id)?.origin;
  }

  /** PUT/POST/DELETE on a session URI (…?upload_id=ID). */
  async session(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const s = this.sessions.get(id);
    if (!s) throw new ApiError(404, 'notFound', 'No such upload session (expired or unknown upload_id).');
    s.touched = Date.now();
    if (req.method === 'DELETE') {
      this.sessions.delete(id);
      await unlink(s.tmp).catch(() => {});
      req.resume();
      sendEmpty(res, 499);
      return;
    }
    const base = baseUrl(req);
    if (s.done) {
      req.resume();
      sendJson(res, 200, objectResource(s.done, base));
      return;
    }
    if (s.busy) throw new ApiError(503, 'backendError', 'Another request is writing to this upload session.');
    const range = parseContentRange(req.headers['content-range']);
    if (range.total !== undefined) {
      if (s.total !== undefined && s.total !== range.total)
        throw badRequest('Content-Range total differs from upload size');
      s.total = range.total;
    }
    s.busy = true;
    try {
      if (range.start !== undefined) {
        const received = s.hasher.bytes;
        if (range.start > received) {
          req.resume();
          throw badRequest(
            `Invalid request. Content-Range starts at ${range.start} but only ${received} bytes were received.`,
          );
        }
        await pump(req as AsyncIterable<Buffer>, s.tmp, s.hasher, received === 0 ? 'w' : 'a', received - range.start);
      } else {
        req.resume(); // status query / finalize-only requests carry no bytes
        if (s.hasher.bytes === 0) await pump([], s.tmp, s.hasher, 'w');
      }
      const received = s.hasher.bytes;
      if (s.total !== undefined && received > s.total)
        throw badRequest('Upload received more bytes than its declared size');
      // Complete when the declared size is reached, or when an open-ended request ("a-*/*") ended.
      const complete = s.total !== undefined ? received === s.total : range.start !== undefined && range.openEnded;
      if (!complete) {
        sendEmpty(res, 308, received > 0 ? { Range: `bytes=0-${received - 1}` } : {});
        return;
      }
      try {
        s.done = await this.finish(
          s.bucket,
          s.name,
          s.tmp,
          s.hasher,
          s.body,
          s.headerContentType,
          s.conditions,
          parseGoogHash(req.headers['x-goog-hash']),
        );
      } catch (err) {
        // a failed finalization (bad hash, precondition) ends the session like GCS does
        this.sessions.delete(id);
        await unlink(s.tmp).catch(() => {});
        throw err;
      }
      sendJson(res, 200, objectResource(s.done, base));
    } finally {
      s.busy = false;
    }
  }

  /** Forget sessions idle for a day so abandoned uploads do not accumulate. */
  private sweep(): void {
    const now = Date.now();
    for (const [id, s] of this.sessions) {
      if (now - s.touched > SESSION_TTL_MS) {
        this.sessions.delete(id);
        if (!s.done) void unlink(s.tmp).catch(() => {});
      }
    }
  }
}

/**
 * Content-Range of a resumable PUT: "bytes a-b/N", "bytes a-b/*", "bytes a-* /N" (client's
 * single-request form), "bytes * /N" (finalize), "bytes * /*" (status). Absent = whole object.
 */
function parseContentRange(h: string | undefined): { start?: number; total?: number; openEnded: boolean } {
  if (!h) return { start: 0, openEnded: true };
  const m = /^bytes\s+(?:\*|(\d+)-(-?\d+|\*))\/(\*|\d+)$/i.exec(h.trim());
  if (!m) throw badRequest(`Invalid Content-Range: ${h}`);
  return {
    start: m[1] !== undefined ? Number(m[1]) : undefined,
    total: m[3] === '*' ? undefined : Number(m[3]),
    openEnded: m[2] === '*',
  };
}
