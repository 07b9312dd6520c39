import { Router } from 'express';
import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { principalOf } from '../../http/authenticate.js';
import { requireCompanyType } from '../../http/guards.js';
import { sendDownload } from '../../http/send-download.js';
import { validateBody, validateQuery } from '../../http/validate.js';
import { FirestoreMappingMemoryStore } from '../../bom/mapping-memory.repository.js';
import {
  BOM_JOB_ERRORS,
  bomGeneratedQuerySchema,
  bomLineUpdateSchema,
  bomLinesQuerySchema,
  bomMapSchema,
  bomOwnerQuerySchema,
  bomSummaryQuerySchema,
  bomTaskQuerySchema,
  type BomLinesQuery,
} from '../../model/bom-job.js';
import { CATALOGUE_PORT } from '../catalogue/catalogue.port.js';
import { ENQUIRIES_PORT } from '../enquiries/enquiries.port.js';
import { OFFERS_PORT } from '../offers/offers.port.js';
import { BOM_JOBS_PORT } from './bom-jobs.port.js';
import { BOM_LINES_PAGE_SHAPE, BomJobsRepository, MAPPING_MEMORY_SHAPE } from './bom-jobs.repository.js';
import { BomJobsService } from './bom-jobs.service.js';
import { enquiryBomOwner, offerBomOwner, type BomOwnerRef } from './bom-owners.js';
import { bomMapTask } from './bom-map.task.js';

/** Enquiry BOM calls: customers and suppliers (the enquiry's rules decide on the record). */
const traders = requireCompanyType('CUSTOMER', 'SUPPLIER');

const q = <T>(res: { locals: Record<string, unknown> }) => res.locals.query as T;

/**
 * /enquiry/bom/{map,mapping,lines,line,summary,generated,job} — docs/api.md "BOM jobs"; with `offerId` the offer's BOM (its
 * supplier, bom-owners.ts). Mounted beside the enquiries' own /enquiry/bom calls (upload, header, download, delete);
 * reads the enquiry through ENQUIRIES_PORT, the offer through OFFERS_PORT and the catalogue through CATALOGUE_PORT; listens to bomReplaced to discard the lines of a replaced file.
 */
function createBomJobsModule(d: AreaDeps): AreaModule {
  const enquiries = d.ports.get(ENQUIRIES_PORT);
  const offers = d.ports.get(OFFERS_PORT);
  const catalogue = d.ports.get(CATALOGUE_PORT);
  const repo = new BomJobsRepository(d.db);
  const service = new BomJobsService({
    repo,
    owners: {
      enquiry: enquiryBomOwner(enquiries.bom),
      offer: offerBomOwner(offers, enquiries.bom, d.transaction),
    },
    catalogue,
    memory: new FirestoreMappingMemoryStore(d.db),
    transaction: d.transaction,
    tasks: d.tasks,
    now: d.now,
    log: d.log,
  });
  enquiries.events.bomReplaced.on((enquiry) => service.discard(enquiry));
  d.ports.provide(BOM_JOBS_PORT, service);

  const caller = () => [d.authenticate(), traders] as const;
  const r = Router();
  r.get('/mapping', ...caller(), validateQuery(bomOwnerQuerySchema), async (_req, res) =>
    res.json(await service.proposal(principalOf(res), q<BomOwnerRef & { headerRowIndex?: number }>(res))),
  );
  r.post('/map', ...caller(), validateBody(bomMapSchema), async (req, res) => {
    const answer = await service.map(principalOf(res), req.body);
    // above the synchronous ceiling: 202 with the background task the panel follows
    res.status('taskId' in answer ? 202 : 200).json(answer);
  });
  r.get('/job', ...caller(), validateQuery(bomTaskQuerySchema), async (_req, res) => {
    const query = q<BomOwnerRef & { taskId: string }>(res);
    res.json(await service.taskState(principalOf(res), query, query.taskId));
  });
  r.get('/lines', ...caller(), validateQuery(bomLinesQuerySchema), async (_req, res) =>
    res.json(await service.lines(principalOf(res), q<BomLinesQuery>(res))),
  );
  r.get('/summary', ...caller(), validateQuery(bomSummaryQuerySchema), async (_req, res) =>
    res.json(await service.summary(principalOf(res), q<BomOwnerRef>(res))),
  );
  r.post('/line', ...caller(), validateBody(bomLineUpdateSchema), async (req, res) =>
    res.json(await service.updateLine(principalOf(res), req.body)),
  );
  r.get('/generated', ...caller(), validateQuery(bomGeneratedQuerySchema), async (_req, res) => {
    const query = q<BomOwnerRef & { part: 'main' | 'suppliedParts' }>(res);
    await sendDownload(res, await service.generated(principalOf(res), query, query.part));
  });
  return {
    mounts: [{ path: '/enquiry/bom', router: r }],
    taskKinds: [bomMapTask(service, { db: d.db, repo, files: d.files, catalogue, now: d.now })],
  };
}

/** Mapped BOMs and their lines (docs/decisions-bom.md). */
export const bomJobsArea = defineArea({
  name: 'bom-jobs',
  pageShapes: [BOM_LINES_PAGE_SHAPE, MAPPING_MEMORY_SHAPE],
  errors: BOM_JOB_ERRORS,
  create: createBomJobsModule,
});
