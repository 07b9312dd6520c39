import type { Company } from '../../model/company.js';
import type { Enquiry } from '../../model/enquiry.js';
import type { DocumentType } from '../../model/files.js';
import { JOB_CONDITION_DEFAULTS } from '../../model/job-conditions.js';
import type { Offer, OfferInput } from '../../model/offer.js';
import type { User } from '../../model/user.js';
import { pdfBytes, uploadFile } from '../../testing/upload-client.js';
import { offerDocumentsPath } from '../../model/offer.js';
import { newOffer } from './offer-record.js';
import { OffersRepository } from './offers.repository.js';
import { admin } from '../../testing/fixtures.js';

let seq = 0;

/** A valid offer form (POST /offer/ adds `enquiryId`, /offer/update `id`); a fresh offer number each call. */
export function offerInput(overrides: Partial<OfferInput> = {}): OfferInput {
  return {
    ...JOB_CONDITION_DEFAULTS,
    referenceNumber: `REF-${2000 + ++seq}`,
    offerNumber: `ANG-${Date.now().toString(36)}-${seq}`,
    price: 12_345.67,
    deliveryCondition: 'EXW',
    desiredDeliveryDate: '2027-04-30',
    amount: 2,
    ...overrides,
  } as OfferInput;
}

/**
 * An offer written straight to Firestore (state set up without the API; no offer-number claim), e.g. a
 * released OPEN offer for the access matrix. `released: true` sets the release date.
 */
export async function storeOffer(
  supplier: { user: User; company: Company },
  enquiry: Enquiry,
  overrides: Partial<Offer> = {},
): Promise<Offer> {
  const repo = new OffersRepository(admin().db);
  const principal = { uid: supplier.user.id, company: supplier.company };
  const offer = { ...newOffer(principal, repo.newId(), enquiry, offerInput(), new Date()), ...overrides };
  if (overrides.released && !overrides.releaseDate) offer.releaseDate = new Date();
  await repo.createMany([offer]);
  return offer;
}

/** Uploads a PDF of this document type to the offer's documents folder through the API. */
export async function uploadOfferDocument(
  token: string | undefined,
  offerId: string,
  type: DocumentType,
  name = `${type}.pdf`,
): Promise<{ status: number; body: any }> {
  return uploadFile(token, offerDocumentsPath(offerId), name, pdfBytes(), type);
}

/** The same, failing loudly (set-up of a test). */
export async function withDocument(token: string, offerId: string, type: DocumentType): Promise<void> {
  const res = await uploadOfferDocument(token, offerId, type);
  if (res.status !== 201) throw new Error(`upload of ${type} failed: ${res.status} ${JSON.stringify(res.body)}`);
}
