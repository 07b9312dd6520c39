import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { attachmentDisposition } from './content-disposition.js';

/** A stored file on its way to the client (GET /file/, GET /enquiry/bom). */
export interface Download {
  filename: string;
  contentType: string;
  size: number;
  stream: Readable;
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
  // headers are out: a Storage failure now can only end the response early
  await pipeline(download.stream, res).catch(() => res.destroy());
}
