import { Port } from '../../platform/ports.js';
import type { AdminBomService } from './admin-bom.service.js';
import type { BomJobsService } from './bom-jobs.service.js';

/**
 * What the BOM area offers the areas after it and the seed: the BOMs of enquiries and offers (`jobs`, through their
 * owners' rules) and the admin import with its results (`imports`).
 */
export interface BomPort {
  jobs: BomJobsService;
  imports: AdminBomService;
}

export const BOM_PORT = new Port<BomPort>('bom');
