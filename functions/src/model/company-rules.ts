import { companyStatus, type Company } from './company.js';

/**
 * New users (create, move to another company) only go into companies that are released, active and not
 * EXTERNAL. The API refuses others with 412 companyNotActive; the user form offers only these.
 */
export function acceptsUsers(company: Pick<Company, 'active' | 'pendingRegistration' | 'type'>): boolean {
  return companyStatus(company) === 'active' && company.type !== 'EXTERNAL';
}
