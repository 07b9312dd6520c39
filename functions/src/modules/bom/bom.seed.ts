import { bomMapSchema } from '../../model/bom-job.js';
import type { AreaSeed, SeedContext } from '../../testing/area-seed.js';
import { demoBomCsv } from '../../testing/demo-documents.js';
import { DEMO_OFFER_NUMBERS } from '../offers/offers.seed.js';
import { OFFERS_PORT } from '../offers/offers.port.js';
import { BOM_PORT } from './bom.port.js';

/** The demo BOM of the released enquiry, once imported by the administrator: the history panel has an entry. */
async function adminImport(ctx: SeedContext): Promise<void> {
  const { imports } = ctx.ports.get(BOM_PORT);
  const admin = ctx.principal('platformAdmin');
  const file = { field: 'file', filename: 'Stückliste SR-12.csv', declaredType: 'text/csv', bytes: demoBomCsv() };
  // the mapping the page offers for the file (its header read), as a visitor would accept it
  const header = await imports.header(admin, file);
  await imports.import(admin, { file, headerRowIndex: header.bomHeaderRowIndex, mapping: header.mapping });
}

/**
 * Weber's draft offer on the released demo enquiry gets its BOM mapped with the proposed mapping, through the call
 * the Map panel makes: its offer page shows the success rate, the article table and the generated files at once.
 */
async function offerMap(ctx: SeedContext): Promise<void> {
  const { jobs } = ctx.ports.get(BOM_PORT);
  const weber = ctx.principal('weber');
  const draft = await ctx.ports.get(OFFERS_PORT).record(ctx.recall(`offer:${DEMO_OFFER_NUMBERS.draft}`));
  if (!draft) return;
  const ref = { enquiryId: draft.enquiryId, offerId: draft.id };
  const proposal = await jobs.proposal(weber, ref);
  // the request as the route validates it
  const request = bomMapSchema.validateSync({
    ...ref,
    headerRowIndex: proposal.bomHeaderRowIndex,
    mapping: proposal.mapping,
    ...(proposal.suppliedPartString ? { suppliedPartString: proposal.suppliedPartString } : {}),
  });
  await jobs.map(weber, request);
}

const seed: AreaSeed = {
  async run(ctx) {
    await adminImport(ctx);
    await offerMap(ctx);
  },
};

export default seed;
