import type { Enquiry } from '../../model/enquiry.js';
import { normaliseJobConditions, type JobConditions } from '../../model/job-conditions.js';
import {
  enquiryStanding,
  OFFER_COPIED_FIELDS,
  offerInputSchema,
  type Offer,
  type OfferInput,
  type OfferTerms,
  type RejectionReason,
} from '../../model/offer.js';
import { OFFER_TRANSITIONS, orderDeadlines, type OfferAction, type OfferState } from '../../model/offer-states.js';
import type { FileFact } from '../../model/files.js';
import type { Principal } from '../../model/user.js';

/**
 * Pure pieces of the offer service (unit-tested without an emulator): which fields the supplier sets, the
 * enquiry's terms an offer starts from, a new offer and its revision, and the portal link of an offer.
 */

/** Every field of the offer form: the only fields a body can set (everything else is the server's). */
const OFFER_INPUT_FIELDS = Object.keys(offerInputSchema.fields) as Array<keyof OfferInput>;

/** The copied enquiry fields (the terms) of an enquiry as it is now: the offer's `original`. */
export function termsOf(enquiry: Partial<Enquiry> | Partial<OfferTerms>): OfferTerms {
  const out: Record<string, unknown> = {};
  for (const field of OFFER_COPIED_FIELDS) {
    const value = (enquiry as Record<string, unknown>)[field];
    if (value !== undefined && value !== null && value !== '') out[field] = value;
  }
  return out as unknown as OfferTerms;
}

/** The form fields of a validated body, normalised; empty optional texts dropped. */
export function offerInputOf(body: Partial<OfferInput>): OfferInput {
  const out: Record<string, unknown> = {};
  for (const field of OFFER_INPUT_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && value !== '') out[field] = value;
  }
  return normaliseJobConditions(out as unknown as OfferInput & JobConditions) as OfferInput;
}

/**
 * The offer with `input` replacing every form field. `additionalInfo` is not a form field: it stays the
 * customer's text from the enquiry (the form shows it disabled).
 */
export function withOfferInput(before: Offer, input: OfferInput): Offer {
  const out: Record<string, unknown> = { ...before };
  for (const field of OFFER_INPUT_FIELDS) delete out[field];
  return { ...(out as unknown as Offer), ...input };
}

/** Key of the offer-number claim: unique per supplier company, compared case-insensitively. */
export function offerNumberKey(supplierId: string, offerNumber: string): string {
  return `${supplierId}:${offerNumber.trim().toLowerCase()}`;
}

/** POST /offer/: OPEN, version 1, unreleased; ids and names from the records, never from the body. */
export function newOffer(
  principal: Pick<Principal, 'uid' | 'company'>,
  id: string,
  enquiry: Enquiry,
  input: OfferInput,
  now: Date,
): Offer {
  const original = termsOf(enquiry);
  return withOfferInput(
    {
      ...(original.additionalInfo ? { additionalInfo: original.additionalInfo } : {}),
      id,
      enquiryId: enquiry.id,
      enquiryTitle: enquiry.title,
      supplierId: principal.company.id,
      supplierName: principal.company.name,
      customerId: enquiry.customerId,
      customerName: enquiry.customerName,
      version: 1,
      state: 'OPEN',
      released: false,
      archived: false,
      invalidated: false,
      original,
      enquiryBomRevision: enquiry.bomRevision,
      enquiryCircuitDiagramRevision: enquiry.circuitDiagramRevision,
      ...(enquiry.releaseDate ? { enquiryReleaseDate: enquiry.releaseDate } : {}),
      enquiryStanding: enquiryStanding(enquiry),
      documents: [] as FileFact[],
      createdBy: principal.uid,
      createDate: now,
      lastUpdate: now,
    } as Offer,
    input,
  );
}

/**
 * GET /offer/revision: the next version — OPEN, unreleased, the same number and fields, the enquiry's
 * terms and revisions as they are now, linked to the one it replaces (whose state and decline reason stay there).
 */
export function revisionOf(
  before: Offer,
  principal: Pick<Principal, 'uid'>,
  id: string,
  enquiry: Enquiry,
  now: Date,
): Offer {
  const {
    releaseDate: _releaseDate,
    rejectionReason: _reason,
    rejectionReasonIndividual: _reasonText,
    nextOfferId: _next,
    ...kept
  } = before;
  return {
    ...kept,
    id,
    enquiryTitle: enquiry.title,
    version: before.version + 1,
    state: 'OPEN',
    released: false,
    archived: false,
    invalidated: false,
    previousOfferId: before.id,
    original: termsOf(enquiry),
    enquiryBomRevision: enquiry.bomRevision,
    enquiryCircuitDiagramRevision: enquiry.circuitDiagramRevision,
    ...(enquiry.releaseDate ? { enquiryReleaseDate: enquiry.releaseDate } : {}),
    enquiryStanding: enquiryStanding(enquiry),
    createdBy: principal.uid,
    createDate: now,
    lastUpdate: now,
  };
}

/** The portal route of an offer in its state (spec 01 §2: /offer, /order, /job). */
export function offerRoute(offer: Pick<Offer, 'id' | 'state'>): string {
  const list: Record<OfferState, string> = {
    OPEN: 'offer',
    DECLINED: 'offer',
    ACCEPTED: 'order',
    LAPSED: 'order',
    CONFIRMED: 'job',
    DELIVERED: 'job',
    FINISHED: 'job',
    CANCELLED: 'job',
  };
  return `/${list[offer.state]}/${offer.id}`;
}

/** Offers whose suppliers hear of a new enquiry revision: not revised, not archived, not yet an order. */
export function isLiveOffer(offer: Pick<Offer, 'invalidated' | 'archived' | 'state'>): boolean {
  return !offer.invalidated && !offer.archived && (offer.state === 'OPEN' || offer.state === 'DECLINED');
}

/** What a state change takes from the caller besides the state: a decline's reason, a cancellation's reason. */
export interface StateChangeInput {
  rejectionReason?: RejectionReason;
  rejectionReasonIndividual?: string;
  cancellationReason?: string;
}

/**
 * The offer after a caller's state change (statechange): the new state, and what the action records — the order's
 * accept and lapse dates (a confirm drops the lapse date), a job's delivered, finished or cancelled date, the reasons.
 */
export function stateChanged(before: Offer, action: OfferAction, input: StateChangeInput, now: Date): Offer {
  const after: Offer = { ...before, state: OFFER_TRANSITIONS[action].to!, lastUpdate: now };
  if (action === 'decline') {
    after.rejectionReason = input.rejectionReason;
    if (input.rejectionReason === 'INDIVIDUAL') after.rejectionReasonIndividual = input.rejectionReasonIndividual;
    else delete after.rejectionReasonIndividual;
  } else if (action === 'accept') {
    after.acceptDate = now;
    after.lapseDate = orderDeadlines(now).lapseDate;
  } else if (action === 'confirm') delete after.lapseDate;
  else if (action === 'deliver') after.deliveredDate = now;
  else if (action === 'finish') after.finishedDate = now;
  else if (action === 'cancel') {
    after.cancelledDate = now;
    after.cancellationReason = input.cancellationReason;
  }
  return after;
}
