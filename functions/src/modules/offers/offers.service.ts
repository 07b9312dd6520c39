import type { Transaction } from 'firebase-admin/firestore';
import type { UniqueKeysRepository } from '../../data/unique-keys.repository.js';
import { ApiError } from '../../http/api-error.js';
import { authorizeRecord } from '../../http/record-access.js';
import type { ApiErrorCode } from '../../model/api-error.js';
import type { Enquiry, EnquiryListItem } from '../../model/enquiry.js';
import type { DocumentType } from '../../model/files.js';
import {
  isOfferOutdated,
  OFFER_TRANSITIONS,
  offerDeviations,
  STATE_CHANGE_ACTIONS,
  transitionRefusal,
  type Offer,
  type OfferAction,
  type OfferFilter,
  type OfferInput,
  type OfferListItem,
  type OfferState,
  type OfferTerms,
  type RejectionReason,
} from '../../model/offer.js';
import type { Page } from '../../model/paging.js';
import { canSeeEnquiry, isEnquiryCustomer } from '../../model/permissions-enquiries.js';
import { canChangeOfferFiles, canSeeOffer, offerSide } from '../../model/permissions-offers.js';
import type { Principal, User } from '../../model/user.js';
import type { MailOutbox, OutgoingMail } from '../../platform/mail/outbox.js';
import {
  offerAcceptedMail,
  offerConfirmedMail,
  offerDeclinedMail,
  offerOutdatedMail,
  offerReleasedMail,
  type OfferMailArgs,
} from '../../platform/mail/templates.js';
import type { RunTransaction } from '../../platform/transaction.js';
import { copyObject, type FileStore, type StoredObject } from '../files/file-store.js';
import type { FileAccess } from '../files/file-owners.js';
import { userNameOf } from '../enquiries/enquiry-record.js';
import type { EnquiriesService } from '../enquiries/enquiries.service.js';
import { fileSide, isBindingDocument, isDocument, offerDocumentsPath } from './offer-files.js';
import {
  isLiveOffer,
  newOffer,
  offerInputOf,
  offerNumberKey,
  offerRoute,
  revisionOf,
  termsOf,
  withOfferInput,
} from './offer-record.js';
import type { OffersRepository } from './offers.repository.js';

/** What the offers need of the enquiries area (EnquiriesService implements it). */
export type EnquiryPort = Pick<EnquiriesService, 'getInTx' | 'record' | 'closeInTx'>;

export interface OffersServiceDeps {
  offers: OffersRepository;
  enquiries: EnquiryPort;
  uniqueKeys: UniqueKeysRepository;
  users: { get(id: string): Promise<User | undefined> };
  mail: Pick<MailOutbox, 'sendInTx' | 'send'>;
  portalUrl: string;
  transaction: RunTransaction;
  now: () => Date;
  store: FileStore;
}

/** GET /offer/ and the comparison view: the offer and whether the enquiry moved on since it was made. */
export type OfferAnswer = Offer & { outdated: boolean };

/** The enquiry part of GET /offer/compare: its list fields, job conditions and revisions. */
export type ComparedEnquiry = EnquiryListItem & OfferTerms & { bomRevision: number; circuitDiagramRevision: number };

export interface OfferComparison {
  enquiry: ComparedEnquiry;
  offers: Array<OfferAnswer & { deviations: string[] }>;
}

export interface DeclineInput {
  rejectionReason?: RejectionReason;
  rejectionReasonIndividual?: string;
}

const MISSING_FILE: Partial<Record<DocumentType, ApiErrorCode>> = {
  OFFER: 'missingOfferFile',
  ORDER: 'missingOrderFile',
  ORDER_CONFIRMATION: 'missingOrderConfirmationFile',
};

/**
 * Offers, orders and jobs (issue 9; docs/api.md "Offers", docs/decisions-offers.md). Every transition is
 * ONE transaction that reads the offer (and its enquiry), checks visibility (404), side (403), state
 * (409, OFFER_TRANSITIONS through transitionRefusal) and the required document on what it read, and
 * writes the offer, the enquiry (accept closes it) and the mail together: two conflicting clicks cannot
 * both win (the loser's retry reads the winner's state).
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
    if (refusal) throw ApiError.conflict(refusal);
    return o;
  }

  private async requireDocument(offer: Offer, action: OfferAction): Promise<void> {
    const { requires, side } = OFFER_TRANSITIONS[action];
    if (!requires) return;
    const files = await this.d.store.list(offerDocumentsPath(offer.id));
    if (!files.some((f) => isDocument(f, requires, side))) throw new ApiError(422, MISSING_FILE[requires]!);
  }

  private enquiryOf(enquiry: Enquiry | undefined): Enquiry {
    // an offer's enquiry is never deleted (archive only); a missing one is a data problem
    if (!enquiry) throw ApiError.notFound();
    return enquiry;
  }

  private withOutdated(offer: Offer, enquiry: Enquiry | undefined): OfferAnswer {
    return { ...offer, outdated: enquiry ? isOfferOutdated(offer, enquiry) : false };
  }

  // --- mail -----------------------------------------------------------------------------------------

  /** The mail to a user (skipped when the account is gone), written in the transaction `tx`. */
  private async mailTo(
    userId: string,
    build: (to: Pick<OfferMailArgs, 'to' | 'name' | 'lastname'>) => OutgoingMail,
  ): Promise<OutgoingMail | undefined> {
    const user = await this.d.users.get(userId);
    return user ? build({ to: user.mail, name: user.name, lastname: user.lastname }) : undefined;
  }

  private mailArgs(offer: Offer, counterparty: string) {
    return {
      offerNumber: offer.offerNumber,
      version: offer.version,
      enquiryTitle: offer.enquiryTitle,
      referenceNumber: offer.referenceNumber,
      counterparty,
      portalUrl: this.d.portalUrl,
      path: offerRoute(offer),
    };
  }

  // --- the calls ------------------------------------------------------------------------------------

  /** GET /offer/ */
  async get(principal: Principal, id: string): Promise<OfferAnswer> {
    const offer = this.see(principal, await this.d.offers.get(id));
    return this.withOutdated(offer, await this.d.enquiries.record(offer.enquiryId));
  }

  /** GET /offer/filter: suppliers their company's offers, customers the released ones on their enquiries. */
  async filter(principal: Principal, q: OfferFilter): Promise<Page<OfferListItem>> {
    const scope =
      principal.companyType === 'SUPPLIER'
        ? { supplierId: principal.company.id }
        : { customerId: principal.company.id };
    return this.d.offers.page({
      ...scope,
      states: q.states as OfferState[] | undefined,
      search: q.referenceNumber,
      column: q.column ?? 'createDate',
      sortDescending: q.column ? q.sortDescending : true,
      page: q.page,
      paginationSize: q.paginationSize,
    });
  }

  /** POST /offer/: a draft of the caller's (supplier) company on a released, open enquiry. */
  async create(principal: Principal, body: OfferInput & { enquiryId: string }): Promise<Offer> {
    const input = offerInputOf(body);
    const id = this.d.offers.newId();
    return this.d.transaction(async (tx) => {
      const enquiry = await this.d.enquiries.getInTx(tx, body.enquiryId);
      if (!enquiry || !canSeeEnquiry(principal, enquiry)) throw ApiError.notFound();
      if (enquiry.closed) throw ApiError.conflict('enquiryClosed');
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
    if (claim && claim.ownerId !== offer.id && claim.ownerId !== previousId)
      throw ApiError.conflict('offerNumberInUse');
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
      const enquiry = await this.d.enquiries.getInTx(tx, before.enquiryId);
      await this.requireDocument(before, 'release');
      const now = this.d.now();
      const after: Offer = { ...before, released: true, releaseDate: now, lastUpdate: now };
      const mail = enquiry
        ? await this.mailTo(enquiry.createdBy, (to) =>
            offerReleasedMail({ ...to, ...this.mailArgs(after, after.supplierName) }),
          )
        : undefined;
      this.d.offers.setInTx(tx, after);
      if (mail) this.d.mail.sendInTx(tx, mail, now);
      return after;
    });
  }

  /**
   * GET|POST /offer/statechange: accept (the customer; needs his ORDER pdf and an open enquiry, which it
   * closes), decline (the customer, with a reason) or confirm (the supplier; needs his ORDER_CONFIRMATION pdf).
   */
  async stateChange(
    principal: Principal,
    offerId: string,
    state: OfferState,
    decline: DeclineInput = {},
  ): Promise<Offer> {
    const action = STATE_CHANGE_ACTIONS[state];
    if (!action) throw ApiError.conflict('invalidTransition');
    return this.d.transaction(async (tx) => {
      const before = this.act(principal, await this.d.offers.getInTx(tx, offerId), action);
      const enquiry = this.enquiryOf(await this.d.enquiries.getInTx(tx, before.enquiryId));
      if (action === 'accept' && enquiry.closed) throw ApiError.conflict('enquiryClosed');
      await this.requireDocument(before, action);
      const now = this.d.now();
      const after: Offer = { ...before, state: OFFER_TRANSITIONS[action].to!, lastUpdate: now };
      if (action === 'decline') {
        after.rejectionReason = decline.rejectionReason;
        if (decline.rejectionReason === 'INDIVIDUAL')
          after.rejectionReasonIndividual = decline.rejectionReasonIndividual;
        else delete after.rejectionReasonIndividual;
      }
      const mail =
        action === 'confirm'
          ? await this.mailTo(enquiry.createdBy, (to) =>
              offerConfirmedMail({ ...to, ...this.mailArgs(after, after.supplierName) }),
            )
          : await this.mailTo(before.createdBy, (to) =>
              action === 'accept'
                ? offerAcceptedMail({ ...to, ...this.mailArgs(after, after.customerName) })
                : offerDeclinedMail({
                    ...to,
                    ...this.mailArgs(after, after.customerName),
                    rejectionReason: after.rejectionReason!,
                    rejectionReasonIndividual: after.rejectionReasonIndividual,
                  }),
            );
      this.d.offers.setInTx(tx, after);
      if (action === 'accept')
        this.d.enquiries.closeInTx(tx, enquiry, { uid: principal.uid, userName: userNameOf(principal) });
      if (mail) this.d.mail.sendInTx(tx, mail, now);
      return after;
    });
  }

  /**
   * GET /offer/revision: the supplier's released OPEN or DECLINED offer gets its next version (201); the old
   * one is invalidated and linked. The supplier's documents are copied first (undone when the transaction fails).
   */
  async revise(principal: Principal, offerId: string): Promise<Offer> {
    const source = this.act(principal, await this.d.offers.get(offerId), 'revise');
    const id = this.d.offers.newId();
    const copied: string[] = [];
    try {
      for (const o of await this.d.store.list(offerDocumentsPath(source.id))) {
        if (fileSide(o) !== 'supplier') continue;
        const to = offerDocumentsPath(id) + o.path.slice(o.path.lastIndexOf('/') + 1);
        if (await copyObject(this.d.store, o.path, to, { side: 'supplier' })) copied.push(to);
      }
      return await this.d.transaction(async (tx) => {
        const before = this.act(principal, await this.d.offers.getInTx(tx, offerId), 'revise');
        const enquiry = this.enquiryOf(await this.d.enquiries.getInTx(tx, before.enquiryId));
        if (enquiry.closed) throw ApiError.conflict('enquiryClosed');
        const now = this.d.now();
        const next = revisionOf(before, principal, id, enquiry, now);
        const claim = await this.claimNumber(tx, next, undefined, before.id);
        this.d.offers.setInTx(tx, { ...before, invalidated: true, nextOfferId: id, lastUpdate: now });
        this.d.offers.createInTx(tx, next);
        claim();
        return next;
      });
    } catch (error) {
      await Promise.all(copied.map((p) => this.d.store.delete(p).catch(() => false)));
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

  // --- hooks of the enquiries area ----------------------------------------------------------------------

  /** Reopen refusal: an ACCEPTED or CONFIRMED offer on the enquiry (read inside the reopen transaction). */
  async hasOrderInTx(tx: Transaction, enquiryId: string): Promise<boolean> {
    return this.d.offers.hasOrderInTx(tx, enquiryId);
  }

  /** A new BOM or circuit-diagram revision: the creators of the live offers it outdates are told. */
  async newRevision(enquiry: Enquiry): Promise<void> {
    const now = this.d.now();
    const outdated = (await this.d.offers.byEnquiry(enquiry.id)).filter(
      (o) => isLiveOffer(o) && isOfferOutdated(o, enquiry),
    );
    for (const offer of outdated) {
      const mail = await this.mailTo(offer.createdBy, (to) =>
        offerOutdatedMail({ ...to, ...this.mailArgs(offer, enquiry.customerName) }),
      );
      if (mail) await this.d.mail.send(mail, now);
    }
  }

  // --- files (the owner of the documents folder calls these) ---------------------------------------------

  /** Read: canSeeOffer; change: canChangeOfferFiles (hidden → 404, otherwise 403). */
  async authorizeFiles(principal: Principal, offerId: string, access: FileAccess): Promise<Offer> {
    const offer = await this.d.offers.get(offerId);
    return access === 'read'
      ? this.see(principal, offer)
      : authorizeRecord(principal, offer, {
          see: (o) => canSeeOffer(principal, o),
          act: (o) => canChangeOfferFiles(principal, o),
          seesAll: false,
        });
  }

  /** The metadata every upload stores: the caller's side. */
  async fileMetadata(principal: Principal, offerId: string): Promise<Record<string, string>> {
    const offer = await this.authorizeFiles(principal, offerId, 'change');
    return { side: offerSide(principal, offer)! };
  }

  /** Delete: only the caller's side's files (403), never a document a transition relied on (409). */
  async assertMayDelete(principal: Principal, offerId: string, file: StoredObject): Promise<void> {
    const offer = await this.authorizeFiles(principal, offerId, 'change');
    if (fileSide(file) !== offerSide(principal, offer)) throw ApiError.forbidden();
    if (isBindingDocument(offer, file)) throw ApiError.conflict('invalidTransition');
  }
}
