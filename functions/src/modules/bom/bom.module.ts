import { defineArea, type AreaDeps, type AreaModule } from '../../http/area-module.js';
import { BOM_IMPORT_ERRORS } from '../../model/bom-import.js';
import { BOM_JOB_ERRORS } from '../../model/bom-job.js';
import { CATALOGUE_PORT } from '../catalogue/catalogue.port.js';
import { BomReader } from '../enquiries/bom-reader.js';
import { ENQUIRIES_PORT } from '../enquiries/enquiries.port.js';
import { OFFERS_PORT } from '../offers/offers.port.js';
import { ADMIN_BOM_HISTORY_SHAPE, AdminBomRepository } from './admin-bom.repository.js';
import { adminBomRouter } from './admin-bom.router.js';
import { AdminBomService } from './admin-bom.service.js';
import { BOM_LINES_PAGE_SHAPE, BomJobsRepository, MAPPING_MEMORY_SHAPE } from './bom-jobs.repository.js';
import { BomJobsService } from './bom-jobs.service.js';
import { enquiryBomOwner, offerBomOwner } from './bom-owners.js';
import { BOM_PORT } from './bom.port.js';
import { enquiryBomRouter } from './enquiry-bom.router.js';
import { bomImportTask } from './import-task.js';
import { bomMapTask } from './map-task.js';
import { FirestoreMappingMemoryStore } from './mapping-memory.repository.js';

/**
 * The BOM area (docs/decisions-bom.md): one line store for three owners — the enquiry and the offer through their
 * record rules (bom-owners.ts; the enquiry read through ENQUIRIES_PORT, the offer through OFFERS_PORT), and the
 * admin import's results (admin-bom.service.ts) — one map flow (map-flow.ts), one line-set task for the background
 * (line-set.task.ts), one router per spec path (/enquiry/bom, /admin/bom). Matches through CATALOGUE_PORT; listens to
 * bomReplaced to discard the lines of a replaced file.
 */
function createBomModule(d: AreaDeps): AreaModule {
  const enquiries = d.ports.get(ENQUIRIES_PORT);
  const offers = d.ports.get(OFFERS_PORT);
  const catalogue = d.ports.get(CATALOGUE_PORT);
  const lines = new BomJobsRepository(d.db);
  const memory = new FirestoreMappingMemoryStore(d.db);
  const shared = { catalogue, memory, transaction: d.transaction, tasks: d.tasks, now: d.now, log: d.log };
  const jobs = new BomJobsService({
    ...shared,
    repo: lines,
    owners: {
      enquiry: enquiryBomOwner(enquiries.bom),
      offer: offerBomOwner(offers, enquiries.bom, d.transaction),
    },
  });
  const adminResults = new AdminBomRepository(d.db);
  const imports = new AdminBomService({
    ...shared,
    jobs: adminResults,
    lines,
    reader: new BomReader(),
    files: d.files,
  });
  enquiries.events.bomReplaced.on((enquiry) => jobs.discard(enquiry));
  d.ports.provide(BOM_PORT, { jobs, imports });

  const lineSets = { repo: lines, files: d.files, catalogue, now: d.now };
  return {
    mounts: [
      { path: '/enquiry/bom', router: enquiryBomRouter(d.authenticate, jobs, imports) },
      { path: '/admin/bom', router: adminBomRouter(d.authenticate, imports) },
    ],
    taskKinds: [
      bomMapTask(jobs, lineSets),
      bomImportTask({ ...lineSets, jobs: adminResults, memory, transaction: d.transaction, log: d.log }),
    ],
  };
}

/** BOMs: mapped BOMs of enquiries and offers, and the administrators' BOM import (spec 02 §2, §3, §4, §7, §9). */
export const bomArea = defineArea({
  name: 'bom',
  pageShapes: [ADMIN_BOM_HISTORY_SHAPE, BOM_LINES_PAGE_SHAPE, MAPPING_MEMORY_SHAPE],
  errors: { ...BOM_IMPORT_ERRORS, ...BOM_JOB_ERRORS },
  create: createBomModule,
});
