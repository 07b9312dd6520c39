import { Router } from 'express';
import type { Container } from '../../container.js';
import { principalOf } from '../../http/authenticate.js';
import { requireNotExternal } from '../../http/guards.js';
import { handle } from '../../http/handler.js';

/** /legal/* — the AVV as PDF for the caller's company. */
export function legalRouter(c: Container): Router {
  const r = Router();
  r.get('/avv', c.authenticate({ allowRestricted: true }), requireNotExternal, handle(async (_req, res) => {
    const { filename, bytes } = await c.legal.avv(principalOf(res));
    res.status(200).set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    }).send(Buffer.from(bytes));
  }));
  return r;
}
