import { forbiddenFor } from '../../http/record-access.js';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import {
  CURRENT_VERSIONS,
  mayReadConsents,
  type AcceptedVersion,
  type Consent,
  type ConsentDocument,
} from '../../model/consent.js';
import type { ConsentAcceptInput, ConsentFilter } from '../../model/consent-schemas.js';
import type { Page } from '../../model/paging.js';
import { USER_ERRORS, type Principal, type User, type UserView } from '../../model/user.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { ConsentsRepository } from './consents.repository.js';
import type { UsersRepository } from './users.repository.js';

const fail = errorsOf(USER_ERRORS);

export interface ConsentServiceDeps {
  users: UsersRepository;
  consents: ConsentsRepository;
  transaction: RunTransaction;
  now: () => Date;
}

/**
 * The record of one acceptance: `user` as he is at that moment, as a member of `companyId`; `clientAddress` from
 * http/client-address.ts (the hop Google's front end appended), never a client-sent value.
 */
export function consentOf(
  id: string,
  user: Pick<User, 'id' | 'name' | 'lastname' | 'mail' | 'companyId'>,
  document: ConsentDocument,
  accepted: AcceptedVersion,
  clientAddress: string | undefined,
): Consent {
  return {
    id,
    userId: user.id,
    companyId: user.companyId,
    userName: `${user.name} ${user.lastname}`,
    mail: user.mail,
    document,
    version: accepted.version,
    acceptedAt: accepted.acceptedAt,
    clientAddress,
  };
}

/** Acceptances of the AVB and the privacy policy after the registration (which records its own in its transaction). */
export class ConsentService {
  constructor(private readonly d: ConsentServiceDeps) {}

  /**
   * POST /user/consent: the caller accepts the version in force of a document (the re-consent after an AVB change).
   * Another version answers 409 `consentVersionOutdated`. The user is read inside the transaction: when he has this
   * version on record already (a second tab, a double click) nothing is written, so two parallel calls leave one
   * record and the user's `acceptedTerms` names that record's time. Answers the user as GET /user/ does.
   */
  async accept(principal: Principal, input: ConsentAcceptInput, clientAddress: string | undefined): Promise<UserView> {
    if (input.version !== CURRENT_VERSIONS[input.document]) throw fail.consentVersionOutdated();
    const user = await this.record(principal.uid, input.document, input.version, { clientAddress });
    return { ...user, company: principal.company };
  }

  /**
   * Records that the user accepted `version` of `document` (at `at`, default now) unless he has it on record already:
   * the call's work, and how the seed and the test fixtures give their users the versions they need.
   */
  async record(
    userId: string,
    document: ConsentDocument,
    version: string,
    opts: { clientAddress?: string; at?: Date } = {},
  ): Promise<User> {
    return this.d.transaction(async (tx) => {
      const current = await this.d.users.getInTx(tx, userId);
      if (!current) throw ApiError.notFound();
      if (current.acceptedTerms?.[document]?.version === version) return current;
      const now = this.d.now();
      const accepted: AcceptedVersion = { version, acceptedAt: opts.at ?? now };
      const consent = consentOf(this.d.consents.newId(), current, document, accepted, opts.clientAddress);
      this.d.consents.recordInTx(tx, [consent]);
      this.d.users.setAcceptedInTx(tx, current.id, document, accepted, now);
      return { ...current, acceptedTerms: { ...current.acceptedTerms, [document]: accepted }, lastUpdate: now };
    });
  }

  /**
   * GET /user/consents: one company's or one user's acceptances, newest first by default. The platform administrator
   * reads any; everybody else his own only (403 otherwise, model/consent.ts `mayReadConsents`), restricted callers
   * too.
   */
  async page(principal: Principal, query: ConsentFilter): Promise<Page<Consent>> {
    // a restricted caller (password change, pending release) reads his own only, like his profile
    const own = !query.companyId && query.userId === principal.uid;
    if (principal.restriction && !own) throw forbiddenFor(principal);
    if (!mayReadConsents(principal, query)) throw ApiError.forbidden();
    const scope = query.companyId
      ? { field: 'companyId' as const, value: query.companyId }
      : { field: 'userId' as const, value: query.userId! };
    return this.d.consents.page({
      scope,
      sortDescending: query.column ? query.sortDescending : true,
      page: query.page,
      paginationSize: query.paginationSize,
    });
  }
}
