import { Port } from '../../platform/ports.js';
import type { AccountService } from './account.service.js';
import type { UsersRepository } from './users.repository.js';
import type { UsersService } from './users.service.js';

/**
 * Users as stored, without any permission check (the reading area applies its own rules): what the companies area
 * keeps in step with a company (its members' stored company name, their sessions) and what other areas read.
 */
export type UserRecords = Pick<
  UsersRepository,
  'get' | 'listByCompany' | 'listByCompanyInTx' | 'setCompanyInTx' | 'idsOfCompany' | 'countOfCompany'
>;

/** What the users area offers the areas after it (and the seed). */
export interface UsersPort {
  users: UsersService;
  account: AccountService;
  records: UserRecords;
}

export const USERS_PORT = new Port<UsersPort>('users');
