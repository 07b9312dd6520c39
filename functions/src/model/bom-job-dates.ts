import { dateTimeFields } from './dates.js';
import type { BomJob, BomJobSummary } from './bom-job.js';

// Apart from the area's schemas so the web's entry chunk, which declares every feature, does not carry yup.
/** The BOM jobs' date-time fields (web `Feature.dateFields`). */
export const BOM_JOB_DATE_FIELDS = dateTimeFields<BomJob | BomJobSummary>()(['mappedAt']);
