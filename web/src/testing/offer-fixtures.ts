import { ENQUIRY_LIST_FIELDS, type Enquiry, type EnquiryListItem } from '@model/enquiry';
import type { AttachedFile, FileFact } from '@model/files';
import { JOB_CONDITION_DEFAULTS } from '@model/job-conditions';
import { OFFER_LIST_FIELDS, type Offer, type OfferListItem, type OfferTerms } from '@model/offer';
import { type OfferSide } from '@model/offer-states';
import { listRow } from '@model/paging';
import { makeUser } from '@/testing/render';

/** GET /offer/ answers the offer with its `outdated` marker (features/offers api/get-offer). */
type OfferWithOutdated = Offer & { outdated: boolean };

/** The parties of the offer tests: customer c1 (the enquiry's), supplier s1 (the offer's), another supplier s2. */
export const customerUser = makeUser({ id: 'u1', admin: false, companyId: 'c1' }, { id: 'c1', name: 'Müller GmbH' });
export const supplierUser = makeUser(
  { id: 'u2', admin: false, companyId: 's1' },
  { id: 's1', name: 'Weber Schaltanlagen', type: 'SUPPLIER' },
);
export const otherSupplierUser = makeUser(
  { id: 'u3', admin: false, companyId: 's2' },
  { id: 's2', name: 'Schmidt Elektro', type: 'SUPPLIER' },
);

/** The enquiry's terms an offer copies (default job conditions). */
export function makeTerms(overrides: Partial<OfferTerms> = {}): OfferTerms {
  return {
    ...JOB_CONDITION_DEFAULTS,
    referenceNumber: 'REF-1',
    deliveryCondition: 'DAP',
    desiredDeliveryDate: '2027-03-01',
    amount: 2,
    additionalInfo: 'Bitte RAL 7035.',
    ...overrides,
  } as OfferTerms;
}

/** A released enquiry e1 of customer c1. */
export function makeEnquiry(overrides: Partial<Enquiry> = {}): Enquiry {
  return {
    ...makeTerms(),
    id: 'e1',
    title: 'Steuerschrank Linie 3',
    customerId: 'c1',
    customerName: 'Müller GmbH',
    released: true,
    releaseDate: new Date('2026-11-02T10:00:00Z'),
    closed: false,
    archived: false,
    invalidated: false,
    bomRevision: 1,
    bomRevisions: [],
    documents: [],
    supplements: [],
    circuitDiagramRevision: 1,
    createdBy: 'u1',
    createDate: new Date('2026-11-01T10:00:00Z'),
    lastUpdate: new Date('2026-11-01T10:00:00Z'),
    changeEntries: [],
    ...overrides,
  };
}

/** Offer o1 of supplier s1 on enquiry e1 (an OPEN draft unless overridden). */
export function makeOffer(overrides: Partial<OfferWithOutdated> = {}): OfferWithOutdated {
  return {
    ...makeTerms(),
    id: 'o1',
    enquiryId: 'e1',
    enquiryTitle: 'Steuerschrank Linie 3',
    supplierId: 's1',
    supplierName: 'Weber Schaltanlagen',
    customerId: 'c1',
    customerName: 'Müller GmbH',
    offerNumber: 'A-100',
    price: 12500,
    additionalInfoSupplier: '',
    version: 1,
    state: 'OPEN',
    released: false,
    archived: false,
    invalidated: false,
    original: makeTerms(),
    enquiryBomRevision: 1,
    enquiryCircuitDiagramRevision: 1,
    documents: [],
    enquiryStanding: 'open',
    createdBy: 'u2',
    createDate: new Date('2026-11-03T10:00:00Z'),
    lastUpdate: new Date('2026-11-03T10:00:00Z'),
    outdated: false,
    ...overrides,
  };
}

export const listItemOf = (o: Offer): OfferListItem => listRow(o, OFFER_LIST_FIELDS);

export function offerFile(name: string, fileType: AttachedFile['fileType'], offerId = 'o1'): AttachedFile {
  const path = `offers/${offerId}/documents/${name}`;
  return {
    id: path,
    path,
    filename: name,
    fileType,
    disabled: false,
    downloadUrl: `/file/?path=${encodeURIComponent(path)}`,
    size: 1234,
    contentType: 'application/pdf',
  };
}

export const listItemOfEnquiry = (e: Enquiry): EnquiryListItem => listRow(e, ENQUIRY_LIST_FIELDS);

/** What the offer record knows of a file in its documents folder (`Offer.documents`). */
export function offerFact(name: string, documentType: FileFact['documentType'], side: OfferSide): FileFact {
  return {
    name,
    documentType,
    side,
    uploadedByName: side === 'supplier' ? 'Petra Weber' : 'Max Muster',
    uploadDate: new Date('2026-11-03T11:00:00Z'),
  };
}
