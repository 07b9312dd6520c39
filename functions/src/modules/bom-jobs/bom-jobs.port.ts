import { Port } from '../../platform/ports.js';
import type { BomJobsService } from './bom-jobs.service.js';

/** What the BOM jobs area offers the areas after it and the seed. */
export const BOM_JOBS_PORT = new Port<BomJobsService>('bom-jobs');
