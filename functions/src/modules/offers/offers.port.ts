import type { Transaction } from 'firebase-admin/firestore';
import type { Offer, OfferHead } from '../../model/offer.js';
import type { AreaEvent } from '../../platform/events.js';
import { Port } from '../../platform/ports.js';
import type { OffersService } from './offers.service.js';

/** A revision as committed: the version it replaced (now invalidated) and the new one. */
export interface OfferRevision {
  previous: Offer;
  next: Offer;
}

/** What happens to an offer that other areas care about (the project folder today). */
export interface OfferEvents {
  /** After a revision committed: the new version takes over what belongs to the offer (e.g. its project folder). */
  revised: AreaEvent<OfferRevision>;
}

/** What the offers area offers the areas after it (and the seed). */
export interface OffersPort {
  service: OffersService;
  events: OfferEvents;
  /** An offer as stored, without any permission check (the reading area applies its own rules). */
  record(id: string): Promise<Offer | undefined>;
  /** The same inside a transaction of the caller (the BOM jobs decide on the offer they read there). */
  recordInTx(tx: Transaction, id: string): Promise<Offer | undefined>;
  /** Several offers as stored (one batched read), by id; unknown ids are left out. */
  records(ids: readonly string[]): Promise<Map<string, Offer>>;
  /** The same, only OFFER_HEAD_FIELDS (a field mask): for lists of many offers (the folders shared with a user). */
  heads(ids: readonly string[]): Promise<Map<string, OfferHead>>;
  /** Every offer on an enquiry as stored (every version, every state; e.g. the suppliers to tell of a supplement). */
  ofEnquiry(enquiryId: string): Promise<Offer[]>;
}

export const OFFERS_PORT = new Port<OffersPort>('offers');
