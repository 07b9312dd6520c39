import type { Company } from '../../model/company.js';
import type { Enquiry, EnquiryInput } from '../../model/enquiry.js';
import { JOB_CONDITION_DEFAULTS } from '../../model/job-conditions.js';
import type { User } from '../../model/user.js';
import { EnquiriesRepository } from './enquiries.repository.js';
import { newDraft } from './enquiry-record.js';
import { enquiryFolderPath } from '../../model/enquiry.js';
import { pdfBytes, postForm, uploadFile } from '../../testing/upload-client.js';

export { postForm } from '../../testing/upload-client.js';
import { HOSTS } from '../../testing/env.js';
import { admin, type TestUser } from '../../testing/fixtures.js';

let seq = 0;

/** A valid body of POST /enquiry/ (the spec's default job conditions). */
export function enquiryInput(overrides: Partial<EnquiryInput> = {}): EnquiryInput {
  return {
    ...JOB_CONDITION_DEFAULTS,
    title: `Schaltschrank Linie ${++seq}`,
    referenceNumber: `REF-${1000 + seq}`,
    deliveryCondition: 'EXW',
    desiredDeliveryDate: '2027-03-15',
    amount: 2,
    ...overrides,
  };
}

/** An enquiry written straight to Firestore (state set up without the API), e.g. released for the matrix. */
export async function storeEnquiry(
  owner: { user: User; company: Company },
  overrides: Partial<Enquiry> = {},
): Promise<Enquiry> {
  const repo = new EnquiriesRepository(admin().db);
  const principal = { uid: owner.user.id, user: owner.user, company: owner.company };
  const enquiry = { ...newDraft(principal, repo.newId(), enquiryInput(), new Date(), 'create'), ...overrides };
  if (overrides.released && !overrides.releaseDate) enquiry.releaseDate = enquiry.firstReleaseDate = new Date();
  await repo.createMany([enquiry]);
  return enquiry;
}

/** A small BOM as the engine reads it (semicolon CSV, header in row 2 below a title row). */
export function bomCsv(): Buffer {
  return Buffer.from(
    [
      'Stückliste Schaltschrank;;;',
      'Pos;Artikelnummer;Hersteller;Menge',
      '1;3RV2011-1AA10;Siemens;2',
      '2;2002-1201;WAGO;40',
      '3;1SAM250000R1001;ABB;1',
    ].join('\r\n'),
    'utf8',
  );
}

export const uploadBom = (token: string | undefined, enquiryId: string, name = 'Stückliste.csv', bytes = bomCsv()) =>
  postForm(token, '/enquiry/bom/upload', { enquiryId }, { name, bytes });

export const uploadCircuitDiagram = (token: string | undefined, enquiryId: string, name = 'Schaltplan.pdf') =>
  uploadFile(token, enquiryFolderPath('documents', enquiryId), name, pdfBytes(), 'CIRCUIT_DIAGRAM');

/** A draft of the customer with a BOM and a circuit diagram, uploaded through the API (ready to release). */
export async function releasableEnquiry(customer: TestUser): Promise<Enquiry> {
  const draft = await storeEnquiry(customer);
  const bom = await uploadBom(customer.token, draft.id);
  if (bom.status !== 200) throw new Error(`BOM upload failed: ${bom.status} ${JSON.stringify(bom.body)}`);
  const cd = await uploadCircuitDiagram(customer.token, draft.id);
  if (cd.status !== 201) throw new Error(`circuit diagram upload failed: ${cd.status} ${JSON.stringify(cd.body)}`);
  return bom.body as Enquiry;
}

/** A released enquiry with its files (uploaded as a draft, then released through the API). */
export async function releasedEnquiry(customer: TestUser): Promise<Enquiry> {
  const draft = await releasableEnquiry(customer);
  const res = await fetch(new URL(`/api/enquiry/release?enquiryId=${draft.id}`, HOSTS.portal), {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
  });
  if (res.status !== 200) throw new Error(`release failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Enquiry;
}
