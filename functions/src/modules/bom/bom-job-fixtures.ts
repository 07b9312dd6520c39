import type { FieldMapping } from '../../model/bom/fields.js';
import type { Enquiry } from '../../model/enquiry.js';
import type { Offer } from '../../model/offer.js';
import { post } from '../../testing/api-client.js';
import { releasableEnquiry, releasedEnquiry } from '../enquiries/enquiries-fixtures.js';
import { storeOffer } from '../offers/offers-fixtures.js';
import { TASKS_COLLECTION } from '../../platform/tasks/tasks.repository.js';
import { OFFERS } from '../offers/offers.repository.js';
import { admin, type TestUser } from '../../testing/fixtures.js';
import { HOSTS } from '../../testing/env.js';

/** The mapping of modules/enquiries/enquiries-fixtures.ts `bomCsv` (header row 2: Pos;Artikelnummer;Hersteller;Menge). */
export const BOM_CSV_MAPPING: FieldMapping = [
  { columnIndex: 1, importHeader: 'Artikelnummer', articleField: 'orderNumber' },
  { columnIndex: 2, importHeader: 'Hersteller', articleField: 'manufacturerName' },
  { columnIndex: 3, importHeader: 'Menge', articleField: 'quantity' },
];

export const mapBom = (token: string | undefined, enquiryId: string, mapping = BOM_CSV_MAPPING, headerRowIndex = 2) =>
  post('/enquiry/bom/map', { token, body: { enquiryId, headerRowIndex, mapping } });

/** The same for an offer's BOM (the enquiry revision the offer priced; its supplier maps it). */
export const mapOfferBom = (
  token: string | undefined,
  offer: Pick<Offer, 'id' | 'enquiryId'>,
  mapping = BOM_CSV_MAPPING,
  headerRowIndex = 2,
) =>
  post('/enquiry/bom/map', { token, body: { enquiryId: offer.enquiryId, offerId: offer.id, headerRowIndex, mapping } });

/**
 * An offer of `supplier` on a released enquiry of `customer` with BOM (stored straight to Firestore, a draft unless
 * `overrides` say otherwise); `map` maps its BOM as the supplier before the overrides are stored.
 */
export async function bomOffer(
  customer: TestUser,
  supplier: TestUser,
  opts: { map?: boolean; overrides?: Partial<Offer> } = {},
): Promise<Offer> {
  const enquiry = await releasedEnquiry(customer);
  const offer = await storeOffer(supplier, enquiry);
  if (opts.map) {
    const mapped = await mapOfferBom(supplier.token, offer);
    if (mapped.status !== 200) throw new Error(`offer map failed: ${mapped.status} ${JSON.stringify(mapped.body)}`);
  }
  if (!opts.overrides) return offer;
  const next = { ...offer, ...opts.overrides };
  if (opts.overrides.released && !opts.overrides.releaseDate) next.releaseDate = new Date();
  const { releaseDate } = next;
  await admin()
    .db.collection(OFFERS)
    .doc(offer.id)
    .update({ ...opts.overrides, ...(releaseDate ? { releaseDate } : {}) });
  return next;
}

/** A draft with BOM and circuit diagram whose BOM is mapped; `release` releases it through the API afterwards. */
export async function mappedEnquiry(customer: TestUser, release = false): Promise<Enquiry> {
  const draft = await releasableEnquiry(customer);
  const mapped = await mapBom(customer.token, draft.id);
  if (mapped.status !== 200) throw new Error(`map failed: ${mapped.status} ${JSON.stringify(mapped.body)}`);
  if (!release) return mapped.body.enquiry as Enquiry;
  const res = await fetch(new URL(`/api/enquiry/release?enquiryId=${draft.id}`, HOSTS.portal), {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
  });
  if (res.status !== 200) throw new Error(`release failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Enquiry;
}

/** A finished background mapping of an enquiry, written straight to Firestore (the access matrix's GET /enquiry/bom/job). */
export async function storeDoneMapTask(enquiryId: string, createdBy: string, offerId?: string): Promise<string> {
  const ref = admin().db.collection(TASKS_COLLECTION).doc();
  const now = new Date();
  await ref.set({
    id: ref.id,
    kind: 'bomMap',
    params: { enquiryId, ...(offerId ? { offerId } : {}) },
    state: 'done',
    progress: { done: 1, total: 1, percent: 100 },
    cursor: 1,
    lease: null,
    abortRequested: false,
    chunkSize: 1,
    chunksPerDelivery: 1,
    segment: 0,
    claims: 1,
    createdBy,
    createDate: now,
    lastUpdate: now,
  });
  return ref.id;
}
