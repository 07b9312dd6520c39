import { Router } from 'express';
import type { Authenticate } from '../../http/authenticate.js';
import { principalOf } from '../../http/authenticate.js';
import { multipart, multipartOf } from '../../http/multipart.js';
import type { FilesService } from './files.service.js';
import { sendDownload } from '../../http/send-download.js';

/** A query or form value that must be a single string (anything else is handed on as invalid). */
function single(value: unknown): unknown {
  return Array.isArray(value) ? undefined : value;
}

/** /file/* — spec 02 §7 Files; docs/api.md "Files". Record rules are the owning area's (file-owners.ts). */
export function filesRouter(authenticate: Authenticate, files: FilesService): Router {
  const r = Router();
  r.get('/names', authenticate(), async (req, res) =>
    res.json(await files.names(principalOf(res), single(req.query.path))),
  );
  r.post('/delete', authenticate(), async (req, res) => {
    await files.delete(principalOf(res), single(req.query.path));
    res.json({ ok: true });
  });
  r.post('/', authenticate(), multipart(), async (_req, res) => {
    const { fields, files: parts } = multipartOf(res);
    const file = parts.find((f) => f.field === 'file');
    res.status(201).json(await files.upload(principalOf(res), fields.path, file, fields.documentType));
  });
  r.get('/', authenticate(), async (req, res) => {
    await sendDownload(res, await files.download(principalOf(res), single(req.query.path)));
  });
  return r;
}
