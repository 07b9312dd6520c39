import type { Transaction } from 'firebase-admin/firestore';
import type { UniqueKeysRepository } from '../../data/unique-keys.repository.js';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import { authorizeRecord } from '../../http/record-access.js';
import type { Enquiry, EnquiryListItem } from '../../model/enquiry.js';
import type { FileFact } from '../../model/files.js';
import {
  enquiryRefusal,
  enquiryStanding,
  isOfferOutdated,
  missingDocument,
  OFFER_ERRORS,
  offerDeviations,
  offerDocumentsPath,
  type Offer,
  type OfferFilter,
  type OfferInput,
  type OfferListItem,
  type OfferTerms,
} from '../../model/offer.js';
import {
  OFFER_TRANSITIONS,
  STATE_CHANGE_ACTIONS,
  transitionRefusal,
  type OfferAction,
  type OfferState,
  type StateChangeTarget,
} from '../../model/offer-states.js';
import type { Page } from '../../model/paging.js';
import { canSeeEnquiry, isEnquiryCustomer } from '../../model/permissions-enquiries.js';
import { canSeeOffer, offerSide } from '../../model/permissions-offers.js';
import type { Principal } from '../../model/user.js';
import type { FileDiscard } from '../../platform/files/discard.js';
import { copyObject, type FileStore } from '../../platform/files/file-store.js';
import type { MailOutbox } from '../../platform/mail/outbox.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { EnquiriesService } from '../enquiries/enquiries.service.js';
import { userNameOf } from '../enquiries/enquiry-record.js';
import type { OfferMailer } from './offer-mails.js';
import {
  newOffer,
  offerInputOf,
  offerNumberKey,
  revisionOf,
  stateChanged,
  termsOf,
  withOfferInput,
  type StateChangeInput,
} from './offer-record.js';
import type { OrderDeadlines } from './order-deadlines.task.js';
import type { OffersRepository } from './offers.repository.js';
import type { OfferEvents } from './offers.port.js';

const fail = errorsOf(OFFER_ERRORS);

/** What the offers need of the enquiries area. */
type EnquiryReader = Pick<EnquiriesService, 'getInTx' | 'record' | 'closeInTx' | 'confirmOrderInTx'>;

export interface OffersServiceDeps {
  offers: OffersRepository;
  enquiries: EnquiryReader;
  uniqueKeys: UniqueKeysRepository;
  mails: OfferMailer;
  mail: Pick<MailOutbox, 'sendInTx' | 'send'>;
  transaction: RunTransaction;
  now: () => Date;
  store: FileStore;
  discard: Pick<FileDiscard, 'discard'>;
  /** announced after a change committed (offers.port.ts) */
  events?: OfferEvents;
  /** an accepted order's reminder and lapse (order-deadlines.task.ts) */
  orders: Pick<OrderDeadlines, 'scheduleInTx' | 'start'>;
}

/** GET /offer/ and the comparison view: the offer and whether the enquiry moved on since it was made. */
export type OfferAnswer = Offer & { outdated: boolean };

/** The enquiry part of GET /offer/compare: its list fields, job conditions and revisions. */
type ComparedEnquiry = EnquiryListItem & OfferTerms & { bomRevision: number; circuitDiagramRevision: number };

export interface OfferComparison {
  enquiry: ComparedEnquiry;
  offers: Array<OfferAnswer & { deviations: string[] }>;
}

/**
 * Offers, orders and jobs (issue 9; docs/api.md "Offers", docs/decisions-offers.md). Every transition is
 * ONE transaction that reads the offer (and its enquiry), checks visibility (404), side (403), state
 * (409, OFFER_TRANSITIONS through transitionRefusal) and the required document on what it read (the record
 * lists its documents), and writes the offer, the enquiry (accept closes it) and the mail together: two
 * conflicting clicks cannot both win (the loser's retry reads the winner's state).
 */
export class OffersService {
  constructor(private readonly d: OffersServiceDeps) {}

  // --- record rules ---------------------------------------------------------------------------------

  private see(principal: Principal, offer: Offer | undefined): Offer {
    return authorizeRecord(principal, offer, { see: (o) => canSeeOffer(principal, o), seesAll: false });
  }

  /** Hidden → 404, the other side → 403, the table refuses → 409 (invalidTransition / offerNotReleased / offerReleased). */
  private act(principal: Principal, offer: Offer | undefined, action: OfferAction): Offer {
    const o = authorizeRecord(principal, offer, {
      see: (r) => canSeeOffer(principal, r),
      act: (r) => offerSide(principal, r) === OFFER_TRANSITIONS[action].side,
      seesAll: false,
    });
    const refusal = transitionRefusal(o, action);
    if (refusal) throw fail[refusal]();
    return o;
  }

  /** 422 missingOfferFile / missingOrderFile / missingOrderConfirmationFile, from the offer's own list. */
  private requireDocument(offer: Offer, action: OfferAction): void {
    const missing = missingDocument(offer, action);
    if (missing) throw fail[missing]();
  }

  /**
   * The offer's enquiry as this action needs it: open for offers (released, not reopened, closed or archived) for
   * the actions that act on it — read in the action's transaction, so a reopen or archive and the action decide on
   * the same record (409 enquiryClosed / enquiryNotOpen).
   */
  private enquiryFor(enquiry: Enquiry | undefined, action: OfferAction | 'update'): Enquiry {
    // an offer's enquiry is never deleted (archive only); a missing one is a data problem
    if (!enquiry) throw ApiError.notFound();
    const refusal = enquiryRefusal(enquiryStanding(enquiry), action);
    if (refusal) throw fail[refusal]();
    return enquiry;
  }

  private withOutdated(offer: Offer, enquiry: Enquiry | undefined): OfferAnswer {
    return { ...offer, outdated: enquiry ? isOfferOutdated(offer, enquiry) : false };
  }

  // --- the calls ------------------------------------------------------------------------------------

  /** GET /offer/ */
  async get(principal: Principal, id: string): Promise<OfferAnswer> {
    const offer = this.see(principal, await this.d.offers.get(id));
    const enquiry = await this.d.enquiries.record(offer.enquiryId);
    return this.withOutdated(enquiry ? { ...offer, enquiryStanding: enquiryStanding(enquiry) } : offer, enquiry);
  }

  /** GET /offer/filter: suppliers their company's offers, customers the released ones on their enquiries. */
  async filter(principal: Principal, q: OfferFilter): Promise<Page<OfferListItem>> {
    return this.d.offers.page({ ...listQuery(principal, q), page: q.page, paginationSize: q.paginationSize });
  }

  /** POST /offer/export: every row /offer/filter would list for these filters. */
  rows(principal: Principal, q: OfferFilter) {
    return this.d.offers.rows(listQuery(principal, q));
  }

  /** POST /offer/: a draft of the caller's (supplier) company on a released, open enquiry. */
  async create(principal: Principal, body: OfferInput & { enquiryId: string }): Promise<Offer> {
    const input = offerInputOf(body);
    const id = this.d.offers.newId();
    return this.d.transaction(async (tx) => {
      const enquiry = await this.d.enquiries.getInTx(tx, body.enquiryId);
      if (!enquiry || !canSeeEnquiry(principal, enquiry)) throw ApiError.notFound();
      const refusal = enquiryRefusal(enquiryStanding(enquiry), 'create');
      if (refusal) throw fail[refusal]();
      const offer = newOffer(principal, id, enquiry, input, this.d.now());
      const claim = await this.claimNumber(tx, offer);
      claim();
      this.d.offers.createInTx(tx, offer);
      return offer;
    });
  }

  /**
   * The offer number is unique per supplier company (409 offerNumberInUse); the claim points at the newest
   * version of its offer (a revision keeps the number and takes the claim over from `previousId`). Reads
   * first; returns the writes, to call after every read of the transaction.
   */
  private async claimNumber(tx: Transaction, offer: Offer, before?: Offer, previousId?: string): Promise<() => void> {
    const key = offerNumberKey(offer.supplierId, offer.offerNumber);
    const oldKey = before && offerNumberKey(before.supplierId, before.offerNumber);
    if (key === oldKey) return () => undefined;
    const claim = await this.d.uniqueKeys.getInTx(tx, 'offerNumber', key);
    if (claim && claim.ownerId !== offer.id && claim.ownerId !== previousId) throw fail.offerNumberInUse();
    const oldClaim = oldKey ? await this.d.uniqueKeys.getInTx(tx, 'offerNumber', oldKey) : undefined;
    return () => {
      if (oldKey && oldClaim?.ownerId === offer.id) this.d.uniqueKeys.releaseInTx(tx, 'offerNumber', oldKey);
      this.d.uniqueKeys.claimInTx(
        tx,
        { kind: 'offerNumber', value: key, ownerId: offer.id, companyId: offer.supplierId },
        this.d.now(),
      );
    };
  }

  /** POST /offer/update: the form fields of the supplier's unreleased OPEN draft. */
  async update(principal: Principal, body: OfferInput & { id: string }): Promise<Offer> {
    const input = offerInputOf(body);
    return this.d.transaction(async (tx) => {
      const before = this.act(principal, await this.d.offers.getInTx(tx, body.id), 'release');
      this.enquiryFor(await this.d.enquiries.getInTx(tx, before.enquiryId), 'update');
      const after = { ...withOfferInput(before, input), lastUpdate: this.d.now() };
      const claim = await this.claimNumber(tx, after, before);
      claim();
      this.d.offers.setInTx(tx, after);
      return after;
    });
  }

  /** POST /offer/release: needs the supplier's OFFER pdf (422 missingOfferFile); mails the enquiry's creator. */
  async release(principal: Principal, offerId: string): Promise<Offer> {
    return this.d.transaction(async (tx) => {
      const before = this.act(principal, await this.d.offers.getInTx(tx, offerId), 'release');
      const enquiry = this.enquiryFor(await this.d.enquiries.getInTx(tx, before.enquiryId), 'release');
      this.requireDocument(before, 'release');
      const now = this.d.now();
      const after: Offer = { ...before, released: true, releaseDate: now, lastUpdate: now };
      const mail = await this.d.mails.released(after, enquiry.createdBy);
      this.d.offers.setInTx(tx, after);
      if (mail) this.d.mail.sendInTx(tx, mail, now);
      return after;
    });
  }

  /**
   * GET|POST /offer/statechange: accept (the customer; needs his ORDER pdf and an open enquiry, which it closes,
   * naming the order, and schedules the order's reminder and lapse), decline (the customer, with a reason), confirm
   * (the supplier; needs his ORDER_CONFIRMATION pdf; the enquiry records the order confirmed, which lets its customer
   * archive it), and a job's end: deliver (the supplier), finish or cancel with a reason (the customer).
   */
  async stateChange(
    principal: Principal,
    offerId: string,
    state: StateChangeTarget,
    input: StateChangeInput = {},
  ): Promise<Offer> {
    const action = STATE_CHANGE_ACTIONS[state];
    const { offer, scheduled } = await this.d.transaction(async (tx) => {
      const before = this.act(principal, await this.d.offers.getInTx(tx, offerId), action);
      const enquiry = this.enquiryFor(await this.d.enquiries.getInTx(tx, before.enquiryId), action);
      this.requireDocument(before, action);
      const now = this.d.now();
      const closes = action === 'accept';
      const after: Offer = {
        ...stateChanged(before, action, input, now),
        ...(closes ? { enquiryStanding: 'closed' as const } : {}),
      };
      const mail = await this.d.mails.stateChanged(action, after, enquiry.createdBy);
      this.d.offers.setInTx(tx, after);
      // the enquiry holds its order's facts (the enquiries' archive and reopen rules read them there)
      if (closes)
        this.d.enquiries.closeInTx(
          tx,
          enquiry,
          { uid: principal.uid, userName: userNameOf(principal) },
          { offerId: after.id, supplierId: after.supplierId, confirmed: false },
        );
      if (action === 'confirm') this.d.enquiries.confirmOrderInTx(tx, enquiry, after.id);
      if (mail) this.d.mail.sendInTx(tx, mail, now);
      return { offer: after, scheduled: closes ? this.d.orders.scheduleInTx(tx, after, principal.uid) : undefined };
    });
    if (scheduled) {
      await this.d.orders.start(scheduled);
      // the order closed the enquiry: its other offers show it (best effort, the rule itself reads the enquiry)
      await this.syncStanding(offer.enquiryId, 'closed');
    }
    return offer;
  }

  /** Writes where the enquiry stands onto each of its offers that does not show it yet (list and buttons). */
  async syncStanding(enquiryId: string, standing: Offer['enquiryStanding']): Promise<void> {
    const stale = (await this.d.offers.byEnquiry(enquiryId)).filter((o) => o.enquiryStanding !== standing);
    if (stale.length)
      await this.d.offers.setStanding(
        stale.map((o) => o.id),
        standing,
      );
  }

  /**
   * GET /offer/revision: the supplier's released OPEN or DECLINED offer gets its next version (201); the old
   * one is invalidated and linked. The supplier's documents are copied first (removed again when the
   * transaction fails) and listed on the new version.
   */
  async revise(principal: Principal, offerId: string): Promise<Offer> {
    const source = this.act(principal, await this.d.offers.get(offerId), 'revise');
    const id = this.d.offers.newId();
    const copied: string[] = [];
    const documents: FileFact[] = [];
    try {
      for (const fact of source.documents.filter((f) => f.side === 'supplier')) {
        const to = offerDocumentsPath(id) + fact.name;
        if (!(await copyObject(this.d.store, offerDocumentsPath(source.id) + fact.name, to))) continue;
        copied.push(to);
        documents.push(fact);
      }
      let previous: Offer | undefined;
      const next = await this.d.transaction(async (tx) => {
        const before = this.act(principal, await this.d.offers.getInTx(tx, offerId), 'revise');
        previous = before;
        // read only as the supplier may see it: an enquiry that is not open (e.g. a reopened draft) refuses first
        const enquiry = this.enquiryFor(await this.d.enquiries.getInTx(tx, before.enquiryId), 'revise');
        const now = this.d.now();
        const next = { ...revisionOf(before, principal, id, enquiry, now), documents };
        const claim = await this.claimNumber(tx, next, undefined, before.id);
        this.d.offers.setInTx(tx, { ...before, invalidated: true, nextOfferId: id, lastUpdate: now });
        this.d.offers.createInTx(tx, next);
        claim();
        return next;
      });
      // the new version takes over what belongs to the offer (its project folder); listeners never undo the revision
      await this.d.events?.revised.emit({ previous: { ...previous!, invalidated: true, nextOfferId: next.id }, next });
      return next;
    } catch (error) {
      await this.d.discard.discard(copied);
      throw error;
    }
  }

  /** POST /offer/archive: the supplier's OPEN or DECLINED offer (orders and jobs are binding). */
  async archive(principal: Principal, offerId: string): Promise<Offer> {
    return this.d.transaction(async (tx) => {
      const before = this.act(principal, await this.d.offers.getInTx(tx, offerId), 'archive');
      const after: Offer = { ...before, archived: true, lastUpdate: this.d.now() };
      this.d.offers.setInTx(tx, after);
      return after;
    });
  }

  /** GET /offer/compare: the released, current offers on the customer's enquiry, cheapest first. */
  async compare(principal: Principal, enquiryId: string): Promise<OfferComparison> {
    const enquiry = await this.d.enquiries.record(enquiryId);
    if (!enquiry || !isEnquiryCustomer(principal, enquiry)) throw ApiError.notFound();
    const terms = termsOf(enquiry);
    const offers = (await this.d.offers.byEnquiry(enquiryId))
      .filter((o) => o.released && !o.invalidated && canSeeOffer(principal, o))
      .map((o) => ({ ...this.withOutdated(o, enquiry), deviations: offerDeviations(termsOf(o), terms) as string[] }))
      .sort((a, b) => a.price - b.price || a.supplierName.localeCompare(b.supplierName, 'de'));
    return {
      enquiry: {
        ...terms,
        id: enquiry.id,
        title: enquiry.title,
        referenceNumber: enquiry.referenceNumber,
        customerId: enquiry.customerId,
        customerName: enquiry.customerName,
        deliveryCondition: enquiry.deliveryCondition,
        desiredDeliveryDate: enquiry.desiredDeliveryDate,
        amount: enquiry.amount,
        released: enquiry.released,
        ...(enquiry.releaseDate ? { releaseDate: enquiry.releaseDate } : {}),
        closed: enquiry.closed,
        archived: enquiry.archived,
        createDate: enquiry.createDate,
        lastUpdate: enquiry.lastUpdate,
        bomRevision: enquiry.bomRevision,
        circuitDiagramRevision: enquiry.circuitDiagramRevision,
      },
      offers,
    };
  }
}

/** The list a caller sees: suppliers their company's offers, customers the released ones on their enquiries. */
function listQuery(principal: Principal, q: OfferFilter) {
  const scope =
    principal.companyType === 'SUPPLIER' ? { supplierId: principal.company.id } : { customerId: principal.company.id };
  return {
    ...scope,
    states: q.states as OfferState[] | undefined,
    search: q.referenceNumber,
    column: q.column ?? ('createDate' as const),
    sortDescending: q.column ? q.sortDescending : true,
  };
}

/** An offer number, unique per supplier company. */
declare module '../../data/unique-keys.repository.js' {
  interface UniqueKinds {
    offerNumber: true;
  }
}
