import type { Transaction } from 'firebase-admin/firestore';
import { errorsOf } from '../../platform/api-error.js';
import { authorizeRecord } from '../../http/record-access.js';
import { ENQUIRY_ERRORS, type Enquiry } from '../../model/enquiry.js';
import {
  canEditEnquiry,
  canSeeEnquiry,
  isEnquiryCustomer,
  type canArchiveEnquiry,
} from '../../model/permissions-enquiries.js';
import { supplementStateRefusal } from '../../model/enquiry-supplements.js';
import type { Principal } from '../../model/user.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { EnquiriesRepository } from './enquiries.repository.js';
import { supplierView } from './enquiry-record.js';

export const fail = errorsOf(ENQUIRY_ERRORS);

export type EnquiryAnswer = Enquiry | ReturnType<typeof supplierView>;

/**
 * The record rules of the enquiries area as its three services apply them (lifecycle, BOM, files): each reads its
 * record once, checks it with the model's rules through authorizeRecord (hidden → 404, visible but not allowed →
 * 403) and writes inside the transaction that read it, so a rule and its write always agree.
 */
export class EnquiryRecords {
  constructor(
    readonly repo: EnquiriesRepository,
    private readonly transaction: RunTransaction,
  ) {}

  see(principal: Principal, enquiry: Enquiry | undefined): Enquiry {
    return authorizeRecord(principal, enquiry, { see: (e) => canSeeEnquiry(principal, e), seesAll: false });
  }

  /** The customer's own enquiry, not locked (edit, release, its files): 404 / 403 / 409 enquiryLocked. */
  editable(principal: Principal, enquiry: Enquiry | undefined): Enquiry {
    const e = authorizeRecord(principal, enquiry, {
      see: (r) => canSeeEnquiry(principal, r),
      act: (r) => isEnquiryCustomer(principal, r),
      seesAll: false,
    });
    if (!canEditEnquiry(principal, e)) throw fail.enquiryLocked();
    return e;
  }

  /**
   * The customer's own enquiry taking supplementary documents (released, not closed or archived): 404 / 403 / 409
   * `enquiryNotReleased` or `supplementsClosed` (model/enquiry-supplements.ts).
   */
  supplementable(principal: Principal, enquiry: Enquiry | undefined): Enquiry {
    const e = authorizeRecord(principal, enquiry, {
      see: (r) => canSeeEnquiry(principal, r),
      act: (r) => isEnquiryCustomer(principal, r),
      seesAll: false,
    });
    const refusal = supplementStateRefusal(e);
    if (refusal) throw fail[refusal]();
    return e;
  }

  act(principal: Principal, enquiry: Enquiry | undefined, rule: typeof canArchiveEnquiry): Enquiry {
    return authorizeRecord(principal, enquiry, {
      see: (r) => canSeeEnquiry(principal, r),
      act: (r) => rule(principal, r),
      seesAll: false,
    });
  }

  answer(principal: Principal, enquiry: Enquiry): EnquiryAnswer {
    return isEnquiryCustomer(principal, enquiry) ? enquiry : supplierView(enquiry, principal.company.id);
  }

  /** Reads, checks and writes one enquiry in a transaction; `change` returns the new record (or the same one). */
  async change(
    enquiryId: string,
    check: (e: Enquiry | undefined) => Enquiry,
    change: (e: Enquiry, tx: Transaction) => Promise<Enquiry> | Enquiry,
  ): Promise<Enquiry> {
    return this.transaction(async (tx) => {
      const before = check(await this.repo.getInTx(tx, enquiryId));
      const after = await change(before, tx);
      if (after !== before) this.repo.setInTx(tx, after);
      return after;
    });
  }
}
