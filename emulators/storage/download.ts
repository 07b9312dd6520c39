// Media download (alt=media): streamed from the blob file, with single-range support (206).
// Headers mirror GCS so the client can validate: x-goog-hash carries the full object's hashes,
// and x-goog-stored-content-encoding tells it whether validating the bytes is meaningful.
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { ApiError } from './errors.js';
import type { ObjectMeta, ObjectStore } from './objects.js';
import { etagOf } from './resource.js';

/** Parse "bytes=a-b" | "bytes=a-" | "bytes=-n" against `size`; undefined = whole object. */
export function parseRange(h: string | undefined, size: number): { start: number; end: number } | undefined {
  if (!h) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(h.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined; // multi-range / garbage: serve whole, like GCS
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) throw unsatisfiable(size);
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return undefined;
  }
  if (start >= size) throw unsatisfiable(size);
  return { start, end };
}

function unsatisfiable(size: number): ApiError {
  return new ApiError(
    416,
    'requestedRangeNotSatisfiable',
    `The requested range cannot be satisfied (object size ${size}).`,
  );
}

export async function sendMedia(
  req: IncomingMessage,
  res: ServerResponse,
  store: ObjectStore,
  resolve: () => ObjectMeta,
): Promise<void> {
  // The blob can be replaced (and unlinked) between lookup and open; re-resolve once if so.
  let meta = resolve();
  let fh: FileHandle;
  try {
    fh = await open(store.blobPath(meta), 'r');
  } catch {
    meta = resolve();
    fh = await open(store.blobPath(meta), 'r');
  }
  try {
    const range = parseRange(req.headers.range, meta.size);
    const headers: Record<string, string> = {
      'Content-Type': meta.contentType ?? 'application/octet-stream',
      'Accept-Ranges': 'bytes',
      ETag: `"${etagOf(meta)}"`,
      'Last-Modified': new Date(meta.updated).toUTCString(),
      'x-goog-hash': `crc32c=${meta.crc32c},md5=${meta.md5Hash}`,
      'x-goog-generation': meta.generation,
      'x-goog-metageneration': meta.metageneration,
      'x-goog-stored-content-length': String(meta.size),
      'x-goog-stored-content-encoding': meta.contentEncoding ?? 'identity',
      'x-goog-storage-class': meta.storageClass,
    };
    if (meta.contentEncoding) headers['Content-Encoding'] = meta.contentEncoding;
    if (meta.contentDisposition) headers['Content-Disposition'] = meta.contentDisposition;
    if (meta.contentLanguage) headers['Content-Language'] = meta.contentLanguage;
    headers['Cache-Control'] = meta.cacheControl ?? 'no-cache, no-store, max-age=0, must-revalidate';
    for (const [k, v] of Object.entries(meta.metadata ?? {})) headers[`x-goog-meta-${k}`] = encodeURIComponent(v);
    let status = 200;
    let start = 0;
    let end = meta.size - 1;
    if (range) {
      ({ start, end } = range);
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${meta.size}`;
    }
    headers['Content-Length'] = String(Math.max(0, end - start + 1));
    res.writeHead(status, headers);
    if (req.method === 'HEAD' || meta.size === 0) {
      res.end();
      await fh.close();
      return;
    }
    const stream = createReadStream('', { fd: fh, start, end, highWaterMark: 1 << 20, autoClose: true });
    await pipeline(stream, res).catch(() => {
      // client went away mid-download; nothing to report
    });
  } catch (err) {
    await fh.close().catch(() => {});
    throw err;
  }
}
