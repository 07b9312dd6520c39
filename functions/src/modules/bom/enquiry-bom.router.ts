import { Router, type Request, type Response } from 'express';
import type { Authenticate } from '../../http/authenticate.js';
import { principalOf } from '../../http/authenticate.js';
import { requireCompanyType } from '../../http/guards.js';
import { multipart } from '../../http/multipart.js';
import { sendDownload } from '../../http/send-download.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import {
  bomGeneratedQuerySchema,
  bomLineUpdateSchema,
  bomLinesQuerySchema,
  bomMapSchema,
  bomOwnerQuerySchema,
  bomSummaryQuerySchema,
  bomTaskQuerySchema,
  type BomLinesQuery,
} from '../../model/bom-job.js';
import { adminCompany, importForm } from './admin-bom.router.js';
import type { AdminBomService } from './admin-bom.service.js';
import type { BomJobsService } from './bom-jobs.service.js';
import type { BomOwnerRef } from './bom-owners.js';

/** Enquiry BOM calls: customers and suppliers (the enquiry's or the offer's rules decide on the record). */
const traders = requireCompanyType('CUSTOMER', 'SUPPLIER');

const q = <T>(res: Response) => res.locals.query as T;

/** `?admin=true` (also `1`) marks the spec's map call as the admin import. */
const wantsAdminImport = (req: Request) => req.query.admin === 'true' || req.query.admin === '1';

/**
 * /enquiry/bom/{map,mapping,lines,line,summary,generated,job} — docs/api.md "BOM jobs": the enquiry's BOM, with
 * `offerId` the offer's (its supplier, bom-owners.ts); `POST /map?admin=true` is the admin import (docs/api.md
 * "Admin BOM import"), every other map call the owner's. Mounted beside the enquiries' own /enquiry/bom calls
 * (upload, header, download, delete).
 */
export function enquiryBomRouter(
  authenticate: Authenticate,
  jobs: BomJobsService,
  imports: Pick<AdminBomService, 'import'>,
): Router {
  const caller = () => [authenticate(), traders] as const;
  const r = Router();
  r.post(
    '/map',
    (req, _res, next) => (wantsAdminImport(req) ? next() : next('route')),
    authenticate(),
    // `admin` from anybody but an ADMIN-company caller: 403
    adminCompany,
    multipart(),
    async (req, res) => {
      const answer = await imports.import(principalOf(res), await importForm(req, res));
      // above the synchronous ceiling: 202 with the background task the page follows (GET /admin/bom/task)
      res.status('taskId' in answer ? 202 : 200).json(answer);
    },
  );
  r.post('/map', ...caller(), validateBody(bomMapSchema), async (req, res) => {
    const answer = await jobs.map(principalOf(res), req.body);
    // above the synchronous ceiling: 202 with the background task the panel follows
    res.status('taskId' in answer ? 202 : 200).json(answer);
  });
  r.get('/mapping', ...caller(), validateQuery(bomOwnerQuerySchema), async (_req, res) =>
    res.json(await jobs.proposal(principalOf(res), q<BomOwnerRef & { headerRowIndex?: number }>(res))),
  );
  r.get('/job', ...caller(), validateQuery(bomTaskQuerySchema), async (_req, res) => {
    const query = q<BomOwnerRef & { taskId: string }>(res);
    res.json(await jobs.taskState(principalOf(res), query, query.taskId));
  });
  r.get('/lines', ...caller(), validateQuery(bomLinesQuerySchema), async (_req, res) =>
    res.json(await jobs.lines(principalOf(res), q<BomLinesQuery>(res))),
  );
  r.get('/summary', ...caller(), validateQuery(bomSummaryQuerySchema), async (_req, res) =>
    res.json(await jobs.summary(principalOf(res), q<BomOwnerRef>(res))),
  );
  r.post('/line', ...caller(), validateBody(bomLineUpdateSchema), async (req, res) =>
    res.json(await jobs.updateLine(principalOf(res), req.body)),
  );
  r.get('/generated', ...caller(), validateQuery(bomGeneratedQuerySchema), async (_req, res) => {
    const query = q<BomOwnerRef & { part: 'main' | 'suppliedParts' }>(res);
    await sendDownload(res, await jobs.generated(principalOf(res), query, query.part));
  });
  return r;
}
