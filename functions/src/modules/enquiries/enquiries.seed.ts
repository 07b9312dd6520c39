import type { EnquiryInput } from '../../model/enquiry.js';
import { enquiryFolderPath } from '../../model/enquiry.js';
import { JOB_CONDITION_DEFAULTS } from '../../model/job-conditions.js';
import type { Principal } from '../../model/user.js';
import type { AreaSeed, SeedContext } from '../../testing/area-seed.js';
import { demoBomCsv, demoCircuitDiagramPdf } from '../../testing/demo-documents.js';
import { FILES_PORT } from '../files/files.module.js';
import { ENQUIRIES_PORT } from './enquiries.port.js';
import { userNameOf } from './enquiry-record.js';

/** The demo enquiries of the demo customer: one per state, written through the service the API uses. */
export const DEMO_ENQUIRY_TITLES = {
  draft: 'Steuerschrank Verpackungslinie VL-3',
  released: 'Schaltschrank Schweißroboterzelle SR-12',
  closed: 'Verteilerschrank Halle 4 Einspeisung',
  archived: 'Bedienpult Prüfstand Getriebe (alt)',
} as const;

function input(overrides: Partial<EnquiryInput> & Pick<EnquiryInput, 'title' | 'referenceNumber'>): EnquiryInput {
  return {
    ...JOB_CONDITION_DEFAULTS,
    deliveryCondition: 'DAP',
    desiredDeliveryDate: '2027-04-30',
    amount: 1,
    ...overrides,
  };
}

/** A draft of the customer with its BOM and circuit diagram, uploaded through the calls the web uses. */
export async function enquiryWithFiles(
  ctx: SeedContext,
  customer: Principal,
  input: EnquiryInput,
  bomFileName = 'Stückliste.csv',
) {
  const { service, bom } = ctx.ports.get(ENQUIRIES_PORT);
  const e = await service.create(customer, input);
  ctx.remember(`enquiry:${input.title}`, e.id);
  await bom.upload(
    customer,
    e.id,
    { field: 'file', filename: bomFileName, declaredType: 'text/csv', bytes: demoBomCsv() },
    undefined,
  );
  await ctx.ports.get(FILES_PORT).upload(
    customer,
    enquiryFolderPath('documents', e.id),
    {
      field: 'file',
      filename: 'Schaltplan.pdf',
      declaredType: 'application/pdf',
      bytes: await demoCircuitDiagramPdf(input.title),
    },
    'CIRCUIT_DIAGRAM',
  );
  return e;
}

/** Draft, released (BOM + circuit diagram), closed and archived enquiries of the demo customer ('customer'). */
const seed: AreaSeed = {
  async run(ctx) {
    const { service: enquiries } = ctx.ports.get(ENQUIRIES_PORT);
    const customer = ctx.principal('customer');
    await enquiries.create(
      customer,
      input({
        title: DEMO_ENQUIRY_TITLES.draft,
        referenceNumber: 'MM-2026-0147',
        amount: 2,
        price: 18500,
        additionalInfo: 'Schaltplan folgt bis Ende der Woche.',
      }),
    );

    const released = await enquiryWithFiles(
      ctx,
      customer,
      input({
        title: DEMO_ENQUIRY_TITLES.released,
        referenceNumber: 'MM-2026-0139',
        deliveryCondition: 'EXW',
        desiredDeliveryDate: '2027-03-15',
        amount: 3,
        price: 42750.5,
        regulation: 'UL',
        packaging: 'WOODEN_BOX_SEA_FOIL',
        additionalInfo: 'Export nach Nordamerika, Beschriftung zweisprachig.',
      }),
      'Stückliste SR-12.csv',
    );
    await enquiries.release(customer, released.id);

    const closed = await enquiryWithFiles(
      ctx,
      customer,
      input({ title: DEMO_ENQUIRY_TITLES.closed, referenceNumber: 'MM-2026-0098', desiredDeliveryDate: '2027-01-20' }),
      'Stückliste SR-12.csv',
    );
    const done = await enquiries.release(customer, closed.id);
    // no route of its own closes an enquiry: an accepted offer does; here the record is closed by hand
    await ctx.db.runTransaction(async (tx) => {
      enquiries.closeInTx(tx, done, { uid: customer.uid, userName: userNameOf(customer) });
    });

    const archived = await enquiries.create(
      customer,
      input({
        title: DEMO_ENQUIRY_TITLES.archived,
        referenceNumber: 'MM-2025-0311',
        desiredDeliveryDate: '2026-06-30',
      }),
    );
    await enquiries.archive(customer, archived.id);
  },
};
export default seed;
