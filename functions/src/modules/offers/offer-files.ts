import { extensionOf, type DocumentType } from '../../model/files.js';
import type { Offer, OfferSide } from '../../model/offer.js';
import type { StoredObject } from '../../platform/files/file-store.js';

/**
 * An offer's documents folder `offers/{offerId}/documents/` (docs/api.md "Offers"), reached through the
 * generic /file calls (owner: modules/files/owners/offer-files.ts; context `offer`: no csv/txt). Every
 * stored file records the side that uploaded it (`side` metadata).
 */
export const OFFER_DOCUMENTS_PREFIX = 'offers/{offerId}/documents/';

export function offerDocumentsPath(offerId: string): string {
  return OFFER_DOCUMENTS_PREFIX.replace('{offerId}', offerId);
}

/** The side a stored file belongs to (files stored without the metadata: by their document type). */
export function fileSide(o: Pick<StoredObject, 'metadata'>): OfferSide {
  const side = o.metadata.side;
  if (side === 'supplier' || side === 'customer') return side;
  return o.metadata.documentType === 'ORDER' ? 'customer' : 'supplier';
}

/** Is `o` a PDF of this document type uploaded by this side (what a transition requires)? */
export function isDocument(o: Pick<StoredObject, 'path' | 'metadata'>, type: DocumentType, side: OfferSide): boolean {
  return o.metadata.documentType === type && extensionOf(o.path) === 'pdf' && fileSide(o) === side;
}

/**
 * The documents an executed transition relied on stay (delete → 409 invalidTransition): the OFFER pdf of a
 * released offer, the ORDER of an ACCEPTED or CONFIRMED offer, the ORDER_CONFIRMATION of a CONFIRMED one.
 */
export function isBindingDocument(
  offer: Pick<Offer, 'released' | 'state'>,
  o: Pick<StoredObject, 'path' | 'metadata'>,
): boolean {
  if (extensionOf(o.path) !== 'pdf') return false;
  switch (o.metadata.documentType) {
    case 'OFFER':
      return offer.released;
    case 'ORDER':
      return offer.state === 'ACCEPTED' || offer.state === 'CONFIRMED';
    case 'ORDER_CONFIRMATION':
      return offer.state === 'CONFIRMED';
    default:
      return false;
  }
}
