import type { DocumentType } from '@model/files';
import type { OfferSide } from '@model/offer';

/**
 * The offer's documents folder of the generic /file calls (context `offer`: no csv/txt; read: canSeeOffer,
 * upload: canChangeOfferFiles, delete: the caller's own side's files only).
 */
export const offerDocumentsPath = (offerId: string) => `offers/${offerId}/documents/`;

/** The document types each side attaches (spec 01 §5: offer PDF, order PDF, order-confirmation PDF). */
export const OFFER_DOCUMENT_TYPES: Record<OfferSide, readonly DocumentType[]> = {
  supplier: ['OFFER', 'ORDER_CONFIRMATION', 'CIRCUIT_DIAGRAM', 'LEGAL_DOCUMENT', 'UNKNOWN'],
  customer: ['ORDER', 'LEGAL_DOCUMENT', 'UNKNOWN'],
};
