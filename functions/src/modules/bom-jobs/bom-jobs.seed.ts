import { bomMapSchema } from '../../model/bom-job.js';
import type { AreaSeed } from '../../testing/area-seed.js';
import { DEMO_OFFER_NUMBERS } from '../offers/offers.seed.js';
import { BOM_JOBS_PORT } from './bom-jobs.port.js';

/**
 * Weber's draft offer on the released demo enquiry gets its BOM mapped with the proposed mapping, through the call
 * the Map panel makes: its offer page shows the success rate, the article table and the generated files at once.
 */
const seed: AreaSeed = {
  async run(ctx) {
    const bomJobs = ctx.ports.get(BOM_JOBS_PORT);
    const weber = ctx.principal('weber');
    const draft = (await ctx.db.collection('offers').where('offerNumber', '==', DEMO_OFFER_NUMBERS.draft).get())
      .docs[0];
    if (!draft) return;
    const ref = { enquiryId: String(draft.get('enquiryId')), offerId: draft.id };
    const proposal = await bomJobs.proposal(weber, ref);
    // the request as the route validates it
    const request = bomMapSchema.validateSync({
      ...ref,
      headerRowIndex: proposal.bomHeaderRowIndex,
      mapping: proposal.mapping,
      ...(proposal.suppliedPartString ? { suppliedPartString: proposal.suppliedPartString } : {}),
    });
    await bomJobs.map(weber, request);
  },
};

export default seed;
