import type { AreaEvent } from '../../platform/events.js';
import { Port } from '../../platform/ports.js';
import type { AccountService } from './account.service.js';
import type { ConsentService } from './consent.service.js';
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

/** A user who is no longer a member of `companyId`: moved to another company by a platform admin, or deleted. */
export interface UserLeftCompany {
  userId: string;
  companyId: string;
  /** who moved or deleted him */
  actorId: string;
}

/** What happens to a user that other areas care about (the chat today). */
export interface UserEvents {
  /** After the change committed: other areas drop what the user had as that company's member (his unread messages). */
  leftCompany: AreaEvent<UserLeftCompany>;
}

/** What the users area offers the areas after it (and the seed). */
export interface UsersPort {
  users: UsersService;
  account: AccountService;
  /** acceptances of the AVB and the privacy policy (the seed and the test fixtures record the versions in force) */
  consents: ConsentService;
  records: UserRecords;
  events: UserEvents;
}

export const USERS_PORT = new Port<UsersPort>('users');
