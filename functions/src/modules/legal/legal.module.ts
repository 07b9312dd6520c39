import { Router } from 'express';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { requireNotExternal } from '../../http/guards.js';
import { LegalService } from './legal.service.js';

/** /legal/* — the AVV as PDF for the caller's company. */
function createLegalModule(d: AreaDeps): AreaModule {
  const legal = new LegalService(d.now);
  const r = Router();
  r.get('/avv', d.authenticate({ allowRestricted: true }), requireNotExternal, async (_req, res) => {
    const { filename, bytes } = await legal.avv(principalOf(res));
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      })
      .send(Buffer.from(bytes));
  });
  return { path: '/legal', router: r };
}

/** The legal pages' one call: the AVV for the caller's company. */
export const legalArea = defineArea({ name: 'legal', create: createLegalModule });
