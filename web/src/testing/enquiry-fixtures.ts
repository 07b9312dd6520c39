import { ENQUIRY_LIST_FIELDS, newEnquiryValues, type Enquiry, type EnquiryListItem } from '@model/enquiry';
import { listRow } from '@model/paging';
import type { AttachedFile, FileFact } from '@model/files';
import { makeUser } from '@/testing/render';

/** The demo parties of the enquiry tests. */
export const customerUser = makeUser({ id: 'u1', admin: false, companyId: 'c1' }, { id: 'c1', name: 'Müller GmbH' });
export const supplierUser = makeUser(
  { id: 'u2', admin: false, companyId: 's1' },
  { id: 's1', name: 'Weber Schaltanlagen', type: 'SUPPLIER' },
);

/** A stored enquiry of customer c1 (a draft with default conditions unless overridden). */
export function makeEnquiry(overrides: Partial<Enquiry> = {}): Enquiry {
  return {
    ...newEnquiryValues(),
    id: 'e1',
    title: 'Steuerschrank Linie 3',
    referenceNumber: 'REF-1',
    deliveryCondition: 'DAP',
    desiredDeliveryDate: '2027-03-01',
    amount: 2,
    additionalInfo: '',
    customerId: 'c1',
    customerName: 'Müller GmbH',
    released: false,
    closed: false,
    archived: false,
    invalidated: false,
    bomRevision: 0,
    bomRevisions: [],
    documents: [],
    supplements: [],
    circuitDiagramRevision: 0,
    createdBy: 'u1',
    createDate: new Date('2026-11-01T10:00:00Z'),
    lastUpdate: new Date('2026-11-01T10:00:00Z'),
    changeEntries: [],
    ...overrides,
  };
}

export const listItemOf = (e: Enquiry): EnquiryListItem => listRow(e, ENQUIRY_LIST_FIELDS);

export function attachedFile(path: string, fileType: AttachedFile['fileType']): AttachedFile {
  const filename = path.slice(path.lastIndexOf('/') + 1);
  return {
    id: path,
    path,
    filename,
    fileType,
    disabled: false,
    downloadUrl: `/file/?path=${encodeURIComponent(path)}`,
    size: 1234,
    contentType: 'application/pdf',
  };
}

/** What the enquiry record knows of a file in its documents folder (`Enquiry.documents`). */
export function enquiryFact(name: string, documentType: FileFact['documentType']): FileFact {
  return { name, documentType, uploadedByName: 'Max Muster', uploadDate: new Date('2026-11-01T11:00:00Z') };
}
