import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { Authenticate } from '../../http/authenticate.js';
import { principalOf } from '../../http/authenticate.js';
import { handle } from '../../http/handler.js';
import { multipart, multipartOf } from '../../http/multipart.js';
import { attachmentDisposition } from './content-disposition.js';
import type { FilesService } from './files.service.js';

/** A query or form value that must be a single string (anything else is handed on as invalid). */
function single(value: unknown): unknown {
  return Array.isArray(value) ? undefined : value;
}

/** /file/* — spec 02 §7 Files; docs/api.md "Files". Record rules are the owning area's (file-owners.ts). */
export function filesRouter(authenticate: Authenticate, files: FilesService): Router {
  const r = Router();
  r.get(
    '/names',
    authenticate(),
    handle(async (req, res) => res.json(await files.names(principalOf(res), single(req.query.path)))),
  );
  r.post(
    '/delete',
    authenticate(),
    handle(async (req, res) => {
      await files.delete(principalOf(res), single(req.query.path));
      res.json({ ok: true });
    }),
  );
  r.post(
    '/',
    authenticate(),
    multipart(),
    handle(async (_req, res) => {
      const { fields, files: parts } = multipartOf(res);
      const file = parts.find((f) => f.field === 'file');
      res.status(201).json(await files.upload(principalOf(res), fields.path, file, fields.documentType));
    }),
  );
  r.get(
    '/',
    authenticate(),
    handle(async (req, res) => {
      const download = await files.download(principalOf(res), single(req.query.path));
      res.status(200).set({
        'Content-Type': download.contentType,
        'Content-Length': String(download.size),
        'Content-Disposition': attachmentDisposition(download.filename),
        'X-Content-Type-Options': 'nosniff',
        // even if a browser navigates here: no scripts, no plugins, its own origin
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, no-store',
      });
      // headers are out: a Storage failure now can only end the response early
      await pipeline(download.stream, res).catch(() => res.destroy());
    }),
  );
  return r;
}
