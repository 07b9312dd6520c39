import type { Principal } from '../../../model/user.js';
import { OFFER_DOCUMENTS_PREFIX } from '../../offers/offer-files.js';
import type { FileAccess, FileOwner } from '../file-owners.js';
import type { StoredObject } from '../file-store.js';

/** What the offer documents folder needs from the offers area (OffersService implements it). */
export interface OfferFileRules {
  /** read: canSeeOffer; change: canChangeOfferFiles (404 / 403) */
  authorizeFiles(principal: Principal, offerId: string, access: FileAccess): Promise<unknown>;
  /** the metadata stored with an upload: the caller's side */
  fileMetadata(principal: Principal, offerId: string): Promise<Record<string, string>>;
  /** only the caller's side's files, never a document an executed transition relied on */
  assertMayDelete(principal: Principal, offerId: string, file: StoredObject): Promise<void>;
}

/**
 * `offers/{offerId}/documents/`: an offer's documents (docs/api.md "Offers"): the supplier's OFFER and
 * ORDER_CONFIRMATION pdfs, the customer's ORDER; each file records the side that uploaded it.
 */
export function offerFilesOwner(rules: OfferFileRules): FileOwner {
  return {
    prefix: OFFER_DOCUMENTS_PREFIX,
    context: 'offer',
    async authorize(principal, { offerId }, access) {
      await rules.authorizeFiles(principal, offerId!, access);
    },
    async beforeStore(principal, { offerId }) {
      return rules.fileMetadata(principal, offerId!);
    },
    async beforeDelete(principal, { offerId }, file) {
      await rules.assertMayDelete(principal, offerId!, file);
    },
  };
}
