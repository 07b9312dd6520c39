import type { Enquiry } from '../../model/enquiry.js';
import type { FileFact } from '../../model/files.js';
import type { AreaEvent } from '../../platform/events.js';
import { Port } from '../../platform/ports.js';
import type { EnquiriesService } from './enquiries.service.js';
import type { EnquiryBomService } from './enquiry-bom.service.js';

/** A supplementary document the customer added to a released enquiry, as committed, and who added it. */
export interface SupplementAdded {
  enquiry: Enquiry;
  supplement: FileFact;
  /** the customer's user: id and "Vorname Nachname" */
  by: { uid: string; name: string };
}

/**
 * What happens to an enquiry that other areas care about (offers today; chat and the project folder next). Any
 * number of areas listen; the enquiries area imports none of them.
 */
export interface EnquiryEvents {
  /** After any new BOM file or the BOM's delete (draft or released): mapped lines of the old file are discarded. */
  bomReplaced: AreaEvent<Enquiry>;
  /** After a released enquiry got a new BOM revision. */
  bomRevised: AreaEvent<Enquiry>;
  /** After a released enquiry got a new circuit-diagram revision. */
  circuitDiagramRevised: AreaEvent<Enquiry>;
  /** After the enquiry changed whether it is open for offers (released, reopened, archived, closed). */
  openChanged: AreaEvent<Enquiry>;
  /** After a released enquiry got a supplementary document (not a revision: offers stay current; suppliers are told). */
  supplementAdded: AreaEvent<SupplementAdded>;
}

/** What the enquiries area offers the areas after it (and the seed). */
export interface EnquiriesPort {
  service: EnquiriesService;
  bom: EnquiryBomService;
  events: EnquiryEvents;
}

export const ENQUIRIES_PORT = new Port<EnquiriesPort>('enquiries');
