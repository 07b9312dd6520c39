import type { Enquiry, EnquiryInput } from '../../model/enquiry.js';
import type { DocumentType } from '../../model/files.js';
import { JOB_CONDITION_DEFAULTS } from '../../model/job-conditions.js';
import { offerDocumentsPath, type OfferInput } from '../../model/offer.js';
import { ORDER_LAPSE_DAYS } from '../../model/offer-states.js';
import type { Principal } from '../../model/user.js';
import type { AreaSeed, SeedContext } from '../../testing/area-seed.js';
import { demoDocumentPdf } from '../../testing/demo-documents.js';
import { ENQUIRIES_PORT } from '../enquiries/enquiries.port.js';
import { DEMO_ENQUIRY_TITLES, enquiryWithFiles } from '../enquiries/enquiries.seed.js';
import { FILES_PORT } from '../files/files.module.js';
import { OFFERS_PORT } from './offers.port.js';

/** The enquiries the order and the jobs answer (accepting closes an enquiry, so each has its own). */
export const DEMO_ORDER_ENQUIRY_TITLES = {
  order: 'Steuerschrank Hydraulikpresse HP-7',
  job: 'Schaltschrank Förderanlage FA-2',
  delivered: 'Verteilerschrank Lackieranlage LA-3',
  cancelled: 'Klemmenkasten Prüfstand PS-1',
} as const;

/** The order was accepted this long before the seed ran: it lapses a day later unless Weber confirms it. */
export const DEMO_ORDER_AGE_MS = (ORDER_LAPSE_DAYS - 1) * 24 * 60 * 60_000;

/** The demo offers: Weber's and Schaltbau Nord's on the released enquiry, an order and a job. */
export const DEMO_OFFER_NUMBERS = {
  open: 'WSA-2026-0412',
  declined: 'WSA-2026-0413',
  revised: 'SBN-26-118',
  draft: 'WSA-2026-0420',
  order: 'WSA-2026-0388',
  job: 'WSA-2026-0351',
  delivered: 'WSA-2026-0342',
  cancelled: 'WSA-2026-0337',
} as const;

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

/**
 * Offers in every state, through the services the API uses: on Müller's released enquiry Weber's released
 * OPEN offer (with its OFFER pdf), a declined one and a draft, and Schaltbau Nord's offer declined and revised
 * into version 2 (released: the comparison shows two suppliers); an ACCEPTED order (ORDER pdf) accepted 13 days
 * ago (it lapses tomorrow unless confirmed; its day-7 reminder went out), a CONFIRMED job (ORDER_CONFIRMATION pdf),
 * a DELIVERED one and a CANCELLED one, each on its own enquiry (accepting closes an enquiry).
 */
const seed: AreaSeed = {
  async run(ctx) {
    const enquiries = ctx.ports.get(ENQUIRIES_PORT).service;
    const offers = ctx.ports.get(OFFERS_PORT).service;
    const files = ctx.ports.get(FILES_PORT);
    const d = { customer: ctx.principal('customer'), weber: ctx.principal('weber'), nord: ctx.principal('nord') };

    const document = async (offerId: string, type: DocumentType, by: Principal, lines: string[]) => {
      const name = { OFFER: 'Angebot', ORDER: 'Bestellung', ORDER_CONFIRMATION: 'Auftragsbestätigung' }[type as string];
      const bytes = await demoDocumentPdf(lines);
      await files.upload(
        by,
        offerDocumentsPath(offerId),
        { field: 'file', filename: `${name ?? type}.pdf`, declaredType: 'application/pdf', bytes },
        type,
      );
    };
    const released = async (by: Principal, e: Enquiry, input: OfferInput) => {
      const o = await offers.create(by, { ...input, enquiryId: e.id });
      ctx.remember(`offer:${input.offerNumber}`, o.id);
      await document(o.id, 'OFFER', by, [
        `Angebot ${input.offerNumber}`,
        by.company.name,
        `Anfrage: ${e.title} (${e.referenceNumber})`,
        `Preis: ${Number(input.price).toLocaleString('de-DE', { minimumFractionDigits: 2 })} EUR netto`,
      ]);
      return offers.release(by, o.id);
    };

    const byTitle = async (title: string) => (await enquiries.record(ctx.recall(`enquiry:${title}`)))!;
    const market = await byTitle(DEMO_ENQUIRY_TITLES.released);

    await released(d.weber, market, form({ offerNumber: DEMO_OFFER_NUMBERS.open, price: 48_750 }, market));
    const variant = await released(
      d.weber,
      market,
      form({ offerNumber: DEMO_OFFER_NUMBERS.declined, price: 56_900, packaging: 'WOODEN_BOX' }, market),
    );
    await offers.stateChange(d.customer, variant.id, 'DECLINED', { rejectionReason: 'PRICE_NOT_AS_EXPECTED' });
    const draft = await offers.create(d.weber, {
      ...form(
        {
          offerNumber: DEMO_OFFER_NUMBERS.draft,
          price: 45_500,
          additionalInfoSupplier: 'Entwurf: Preise noch prüfen.',
        },
        market,
      ),
      enquiryId: market.id,
    });
    ctx.remember(`offer:${DEMO_OFFER_NUMBERS.draft}`, draft.id);
    const first = await released(
      d.nord,
      market,
      form({ offerNumber: DEMO_OFFER_NUMBERS.revised, price: 52_300, desiredDeliveryDate: '2027-05-14' }, market),
    );
    await offers.stateChange(d.customer, first.id, 'DECLINED', {
      rejectionReason: 'DELIVERY_TIME_OUTSIDE_EXPECTATIONS',
    });
    const second = await offers.revise(d.nord, first.id);
    await offers.update(d.nord, {
      ...form({ offerNumber: DEMO_OFFER_NUMBERS.revised, price: 49_900, desiredDeliveryDate: '2027-03-26' }, market),
      id: second.id,
    });
    await offers.release(d.nord, second.id);
    ctx.remember(`offer:${DEMO_OFFER_NUMBERS.revised}`, second.id); // the current version

    const order = await releasedEnquiry(ctx, d.customer, DEMO_ORDER_ENQUIRY_TITLES.order, 'MM-2026-0121');
    const ordered = await released(
      d.weber,
      order,
      form({ offerNumber: DEMO_OFFER_NUMBERS.order, price: 31_480 }, order),
    );
    await document(ordered.id, 'ORDER', d.customer, [
      `Bestellung zu ${DEMO_OFFER_NUMBERS.order}`,
      d.customer.company.name,
    ]);
    await ctx.backdated(DEMO_ORDER_AGE_MS, () => offers.stateChange(d.customer, ordered.id, 'ACCEPTED'));

    const job = async (key: 'job' | 'delivered' | 'cancelled', referenceNumber: string, price: number) => {
      const e = await releasedEnquiry(ctx, d.customer, DEMO_ORDER_ENQUIRY_TITLES[key], referenceNumber);
      const offerNumber = DEMO_OFFER_NUMBERS[key];
      const done = await released(d.weber, e, form({ offerNumber, price }, e));
      await document(done.id, 'ORDER', d.customer, [`Bestellung zu ${offerNumber}`, d.customer.company.name]);
      await offers.stateChange(d.customer, done.id, 'ACCEPTED');
      await document(done.id, 'ORDER_CONFIRMATION', d.weber, [
        `Auftragsbestätigung ${offerNumber}`,
        d.weber.company.name,
      ]);
      return offers.stateChange(d.weber, done.id, 'CONFIRMED');
    };
    await job('job', 'MM-2026-0104', 27_150.5);
    const delivered = await job('delivered', 'MM-2026-0098', 18_940);
    await offers.stateChange(d.weber, delivered.id, 'DELIVERED');
    const cancelled = await job('cancelled', 'MM-2026-0091', 6_320);
    await offers.stateChange(d.customer, cancelled.id, 'CANCELLED', {
      cancellationReason: 'Der Prüfstand wird nicht gebaut: Projekt vom Endkunden gestoppt.',
    });
  },
};
export default seed;

/** A released enquiry of the demo customer with its BOM and circuit diagram. */
async function releasedEnquiry(
  ctx: SeedContext,
  customer: Principal,
  title: string,
  referenceNumber: string,
): Promise<Enquiry> {
  const input: EnquiryInput = {
    ...JOB_CONDITION_DEFAULTS,
    title,
    referenceNumber,
    deliveryCondition: 'DAP',
    desiredDeliveryDate: '2027-02-26',
    amount: 1,
  };
  const e = await enquiryWithFiles(ctx, customer, input);
  return ctx.ports.get(ENQUIRIES_PORT).service.release(customer, e.id);
}
