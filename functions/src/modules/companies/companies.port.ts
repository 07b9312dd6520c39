import { Port } from '../../platform/ports.js';
import type { CompaniesRepository } from './companies.repository.js';
import type { CompaniesService } from './companies.service.js';

/**
 * Companies as stored, without any permission check: what the users area reads of a user's company and writes
 * with a registration (the pending company, in the registration's transaction).
 */
export type CompanyRecords = Pick<CompaniesRepository, 'newId' | 'get' | 'getInTx' | 'getMany' | 'createInTx'>;

/** What the companies area offers (the users area through `ports.later`, the seed). */
export interface CompaniesPort {
  companies: CompaniesService;
  records: CompanyRecords;
}

export const COMPANIES_PORT = new Port<CompaniesPort>('companies');
