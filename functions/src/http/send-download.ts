import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { Logger } from '../platform/logger.js';
import { attachmentDisposition } from './content-disposition.js';

/** A stored file on its way to the client (GET /file/, GET /enquiry/bom). */
export interface Download {
  filename: string;
  contentType: string;
  size: number;
  stream: Readable;
  /** called once its last byte was written, before the response ends (a download counter, the download log) */
  delivered?: () => Promise<void>;
}

/**
 * Streams `source` into the response and ends it; `delivered` runs once every byte but the last chunk is out, and that
 * chunk follows only after it, so a client that hangs up early is never counted and one that has the whole file (a
 * `Content-Length` download is complete at its last byte) finds it counted. It runs before `end()` because work after
 * a response has ended may get no CPU on Cloud Run. A failure of the source or the client ends the response early
 * (headers are out: it can only be cut, never look complete).
 */
export async function streamThenEnd(
  res: Response,
  source: Readable,
  delivered: (() => Promise<void>) | undefined,
  log?: Pick<Logger, 'warn'>,
): Promise<void> {
  const held = new HoldLastChunk();
  try {
    await pipeline(source, held, res, { end: false });
  } catch (error) {
    if (!res.destroyed) log?.warn('download: stream failed', { error: String(error) });
    res.destroy();
    return;
  }
  if (res.destroyed) return;
  // a failed count must not cut a delivered file
  await delivered?.().catch((error: unknown) => log?.warn('download: not counted', { error: String(error) }));
  res.end(held.last);
}

/** Passes every chunk on but the last, which it keeps in `last`. */
class HoldLastChunk extends Transform {
  last: Buffer | undefined;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.last) this.push(this.last);
    this.last = chunk;
    done();
  }
}

/**
 * Streams a stored file as an attachment: type by extension (never sniffed), and even if a browser navigates
 * here, no scripts, no plugins, its own origin, no caching.
 */
export async function sendDownload(res: Response, download: Download): Promise<void> {
  res.status(200).set({
    'Content-Type': download.contentType,
    'Content-Length': String(download.size),
    'Content-Disposition': attachmentDisposition(download.filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  });
  await streamThenEnd(res, download.stream, download.delivered);
}
