import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Firestore } from 'firebase-admin/firestore';
import type { Enquiry, EnquiryInput } from '../../functions/src/model/enquiry.js';
import type { DocumentType } from '../../functions/src/model/files.js';
import { JOB_CONDITION_DEFAULTS } from '../../functions/src/model/job-conditions.js';
import type { OfferInput, OfferSide } from '../../functions/src/model/offer.js';
import type { Principal } from '../../functions/src/model/user.js';
import type { EnquiriesService } from '../../functions/src/modules/enquiries/enquiries.service.js';
import { enquiryFolderPath } from '../../functions/src/modules/enquiries/enquiry-files.js';
import type { FileStore } from '../../functions/src/modules/files/file-store.js';
import { offerDocumentsPath } from '../../functions/src/modules/offers/offer-files.js';
import type { OffersService } from '../../functions/src/modules/offers/offers.service.js';
import { DEMO_ENQUIRY_TITLES, demoBomCsv, demoCircuitDiagramPdf } from './enquiries.js';

/** The second supplier (so the comparison view has two), with one login (not in the README table). */
export const SECOND_SUPPLIER = {
  company: {
    name: 'Schaltbau Nord GmbH',
    type: 'SUPPLIER' as const,
    address: { street: 'Hafenstraße', houseNo: '40', zip: '28217', city: 'Bremen', country: 'Deutschland' },
  },
  user: {
    mail: 'vertrieb@schaltbau-nord.de',
    name: 'Henrik',
    lastname: 'Jansen',
    phoneNumber: '+49-421-7070-0',
    admin: true,
  },
};

/** The enquiries the order and the job answer (accepting closes an enquiry, so each has its own). */
export const DEMO_ORDER_ENQUIRY_TITLES = {
  order: 'Steuerschrank Hydraulikpresse HP-7',
  job: 'Schaltschrank Förderanlage FA-2',
} as const;

/** The demo offers: Weber's and Schaltbau Nord's on the released enquiry, an order and a job. */
export const DEMO_OFFER_NUMBERS = {
  open: 'WSA-2026-0412',
  declined: 'WSA-2026-0413',
  revised: 'SBN-26-118',
  draft: 'WSA-2026-0420',
  order: 'WSA-2026-0388',
  job: 'WSA-2026-0351',
} as const;

/** A one-page document standing in for an offer, order or order confirmation. */
export async function demoDocumentPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [i, text] of lines.entries())
    page.drawText(
      text.replace(
        /[^\x20-\x7e]/g,
        (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' })[c] ?? '-',
      ),
      {
        x: 50,
        y: 760 - i * 22,
        size: i === 0 ? 16 : 11,
        font,
      },
    );
  return Buffer.from(await pdf.save());
}

function form(overrides: Partial<OfferInput> & Pick<OfferInput, 'offerNumber' | 'price'>, e: Enquiry): OfferInput {
  return {
    ...JOB_CONDITION_DEFAULTS,
    ...Object.fromEntries(
      Object.keys(JOB_CONDITION_DEFAULTS).map((k) => [k, (e as unknown as Record<string, unknown>)[k]]),
    ),
    referenceNumber: e.referenceNumber,
    deliveryCondition: e.deliveryCondition,
    desiredDeliveryDate: e.desiredDeliveryDate,
    amount: e.amount,
    ...overrides,
  } as OfferInput;
}

export interface OfferSeedDeps {
  db: Firestore;
  enquiries: EnquiriesService;
  offers: OffersService;
  store: FileStore;
  customer: Principal;
  weber: Principal;
  nord: Principal;
}

/**
 * Offers in every state, through the services the API uses: on Müller's released enquiry Weber's released
 * OPEN offer (with its OFFER pdf), a declined one and a draft, and Schaltbau Nord's offer declined and revised
 * into version 2 (released: the comparison shows two suppliers); an ACCEPTED order (ORDER pdf) and a CONFIRMED
 * job (ORDER_CONFIRMATION pdf), each on its own enquiry (accepting closes an enquiry).
 */
export async function seedOffers(d: OfferSeedDeps): Promise<void> {
  const document = async (offerId: string, type: DocumentType, side: OfferSide, by: Principal, lines: string[]) => {
    const name = { OFFER: 'Angebot', ORDER: 'Bestellung', ORDER_CONFIRMATION: 'Auftragsbestätigung' }[type as string];
    await d.store.createIfAbsent(
      `${offerDocumentsPath(offerId)}${name ?? type}.pdf`,
      await demoDocumentPdf(lines),
      'application/pdf',
      { documentType: type, uploadedBy: by.uid, side },
    );
  };
  const released = async (by: Principal, e: Enquiry, input: OfferInput) => {
    const o = await d.offers.create(by, { ...input, enquiryId: e.id });
    await document(o.id, 'OFFER', 'supplier', by, [
      `Angebot ${input.offerNumber}`,
      by.company.name,
      `Anfrage: ${e.title} (${e.referenceNumber})`,
      `Preis: ${Number(input.price).toLocaleString('de-DE', { minimumFractionDigits: 2 })} EUR netto`,
    ]);
    return d.offers.release(by, o.id);
  };

  const byTitle = async (title: string) => {
    const snap = await d.db.collection('enquiries').where('title', '==', title).limit(1).get();
    return (await d.enquiries.record(snap.docs[0]!.id))!;
  };
  const market = await byTitle(DEMO_ENQUIRY_TITLES.released);

  await released(d.weber, market, form({ offerNumber: DEMO_OFFER_NUMBERS.open, price: 48_750 }, market));
  const variant = await released(
    d.weber,
    market,
    form({ offerNumber: DEMO_OFFER_NUMBERS.declined, price: 56_900, packaging: 'WOODEN_BOX' }, market),
  );
  await d.offers.stateChange(d.customer, variant.id, 'DECLINED', { rejectionReason: 'PRICE_NOT_AS_EXPECTED' });
  await d.offers.create(d.weber, {
    ...form(
      { offerNumber: DEMO_OFFER_NUMBERS.draft, price: 45_500, additionalInfoSupplier: 'Entwurf: Preise noch prüfen.' },
      market,
    ),
    enquiryId: market.id,
  });
  const first = await released(
    d.nord,
    market,
    form({ offerNumber: DEMO_OFFER_NUMBERS.revised, price: 52_300, desiredDeliveryDate: '2027-05-14' }, market),
  );
  await d.offers.stateChange(d.customer, first.id, 'DECLINED', {
    rejectionReason: 'DELIVERY_TIME_OUTSIDE_EXPECTATIONS',
  });
  const second = await d.offers.revise(d.nord, first.id);
  await d.offers.update(d.nord, {
    ...form({ offerNumber: DEMO_OFFER_NUMBERS.revised, price: 49_900, desiredDeliveryDate: '2027-03-26' }, market),
    id: second.id,
  });
  await d.offers.release(d.nord, second.id);

  const order = await releasedEnquiry(d, DEMO_ORDER_ENQUIRY_TITLES.order, 'MM-2026-0121');
  const ordered = await released(d.weber, order, form({ offerNumber: DEMO_OFFER_NUMBERS.order, price: 31_480 }, order));
  await document(ordered.id, 'ORDER', 'customer', d.customer, [
    `Bestellung zu ${DEMO_OFFER_NUMBERS.order}`,
    d.customer.company.name,
  ]);
  await d.offers.stateChange(d.customer, ordered.id, 'ACCEPTED');

  const job = await releasedEnquiry(d, DEMO_ORDER_ENQUIRY_TITLES.job, 'MM-2026-0104');
  const done = await released(d.weber, job, form({ offerNumber: DEMO_OFFER_NUMBERS.job, price: 27_150.5 }, job));
  await document(done.id, 'ORDER', 'customer', d.customer, [
    `Bestellung zu ${DEMO_OFFER_NUMBERS.job}`,
    d.customer.company.name,
  ]);
  await d.offers.stateChange(d.customer, done.id, 'ACCEPTED');
  await document(done.id, 'ORDER_CONFIRMATION', 'supplier', d.weber, [
    `Auftragsbestätigung ${DEMO_OFFER_NUMBERS.job}`,
    d.weber.company.name,
  ]);
  await d.offers.stateChange(d.weber, done.id, 'CONFIRMED');
}

/** A released enquiry of the demo customer with its BOM and circuit diagram. */
async function releasedEnquiry(d: OfferSeedDeps, title: string, referenceNumber: string): Promise<Enquiry> {
  const input: EnquiryInput = {
    ...JOB_CONDITION_DEFAULTS,
    title,
    referenceNumber,
    deliveryCondition: 'DAP',
    desiredDeliveryDate: '2027-02-26',
    amount: 1,
  };
  const e = await d.enquiries.create(d.customer, input);
  await d.enquiries.bomUpload(
    d.customer,
    e.id,
    { field: 'file', filename: 'Stückliste.csv', declaredType: 'text/csv', bytes: demoBomCsv() },
    undefined,
  );
  const metadata = await d.enquiries.circuitDiagramRevision(d.customer, e.id);
  await d.store.createIfAbsent(
    `${enquiryFolderPath('documents', e.id)}Schaltplan.pdf`,
    await demoCircuitDiagramPdf(title),
    'application/pdf',
    { ...metadata, documentType: 'CIRCUIT_DIAGRAM', uploadedBy: d.customer.uid },
  );
  await d.enquiries.filesChanged(d.customer, e.id, 'documents');
  return d.enquiries.release(d.customer, e.id);
}
