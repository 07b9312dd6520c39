import * as yup from 'yup';
import { defineErrors } from './api-error.js';
import { isPdfOf, type DocumentType, type FileFact } from './files.js';
import { DELIVERY_CONDITIONS, enquiryInputSchema, isIsoDate, type Enquiry, type EnquiryInput } from './enquiry.js';
import { bodyIdSchema, idSchema } from './id.js';
import { JOB_CONDITION_CHOICES, JOB_CONDITION_FLAGS } from './job-conditions.js';
import { commaList, pageRequestSchema } from './paging.js';
import { priceSchema } from './price.js';
import { line, multiline, VALIDATION_KEYS as V, withLimits } from './validation.js';
import {
  isJobState,
  OFFER_STATES,
  OFFER_TRANSITIONS,
  STATE_CHANGE_TARGETS,
  type OfferAction,
  type OfferSide,
  type OfferState,
} from './offer-states.js';

/**
 * The offer (spec 01 §3 "Offer", §5 Offer; issue 9): the record, its documents' rules and its schemas. Its states
 * and the transition table: offer-states.ts. Decisions: docs/decisions-offers.md.
 */

/** The offers area's error codes. */
export const OFFER_ERRORS = defineErrors({
  invalidTransition: 409,
  offerNotReleased: 409,
  offerReleased: 409,
  offerNumberInUse: 409,
  enquiryClosed: 409,
  /** the enquiry was reopened by its customer or archived: no offer acts on it until it is released again */
  enquiryNotOpen: 409,
  /** the supplier provides the OFFER and ORDER_CONFIRMATION, the customer the ORDER */
  documentOfOtherSide: 403,
  missingOfferFile: 422,
  missingOrderFile: 422,
  missingOrderConfirmationFile: 422,
});

/** An offer's documents folder, reached through the generic /file calls; its files are listed on the record. */
export const OFFER_DOCUMENTS_PREFIX = 'offers/{offerId}/documents/';

export function offerDocumentsPath(offerId: string): string {
  return OFFER_DOCUMENTS_PREFIX.replace('{offerId}', offerId);
}

export const REJECTION_REASONS = [
  'PRICE_NOT_AS_EXPECTED',
  'DELIVERY_TIME_OUTSIDE_EXPECTATIONS',
  'OFFER_NOT_IN_LINE_WITH_REQUIREMENTS',
  'TECHNICAL_REQUIREMENTS_CHANGED',
  'PROJECT_NOT_REALIZED',
  'INDIVIDUAL',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/**
 * The enquiry fields an offer copies and may deviate from (spec 01 §3: the enquiry's id, customerId, title,
 * released, closed and archived are not carried over). The enquiry's values at the time of the offer are kept
 * in `original`, shown beside each field.
 */
export const OFFER_COPIED_FIELDS = [
  'referenceNumber',
  'deliveryCondition',
  'desiredDeliveryDate',
  'amount',
  'additionalInfo',
  ...JOB_CONDITION_FLAGS,
  ...(Object.keys(JOB_CONDITION_CHOICES) as Array<keyof typeof JOB_CONDITION_CHOICES>),
] as const;

export type OfferTerms = Omit<EnquiryInput, 'title'>;

export interface Offer extends OfferTerms {
  id: string;
  enquiryId: string;
  /** shown in lists and mails; not an editable offer field */
  enquiryTitle: string;
  supplierId: string;
  supplierName: string;
  customerId: string;
  customerName: string;
  offerNumber: string;
  /** EUR, at least 0, two decimals */
  price: number;
  additionalInfoSupplier?: string;
  version: number;
  state: OfferState;
  released: boolean;
  releaseDate?: Date;
  archived: boolean;
  /** replaced by a revision (read-only, out of the lists) */
  invalidated: boolean;
  /** the offer this one revises, and the one that revised it */
  previousOfferId?: string;
  nextOfferId?: string;
  rejectionReason?: RejectionReason;
  rejectionReasonIndividual?: string;
  /** the customer's order: when it was placed, and when it lapses unless confirmed (when it lapsed, once LAPSED) */
  acceptDate?: Date;
  lapseDate?: Date;
  /** the job's end (issue 32): reported delivered by the supplier, finished or cancelled (with the reason) by the customer */
  deliveredDate?: Date;
  finishedDate?: Date;
  cancelledDate?: Date;
  cancellationReason?: string;
  /** the enquiry's values when the offer was drafted (spec: "the original value shown beside each") */
  original: OfferTerms;
  /** which BOM and circuit-diagram revision of the enquiry the offer priced (issue 9 "beyond the spec") */
  enquiryBomRevision: number;
  enquiryCircuitDiagramRevision: number;
  /** the enquiry's release the offer was made for (a later release after a reopen outdates it) */
  enquiryReleaseDate?: Date;
  /** where the enquiry stands for offers, kept current by the enquiries' events (GET /offer/ reads it afresh) */
  enquiryStanding: EnquiryStanding;
  /** the files of the documents folder, as the rules see them (written with each upload and delete) */
  documents: FileFact[];
  createdBy: string;
  createDate: Date;
  lastUpdate: Date;
}

/** The fields of a row of GET /offer/filter besides the id (the list reads only these). */
export const OFFER_LIST_FIELDS = [
  'offerNumber',
  'referenceNumber',
  'enquiryId',
  'enquiryTitle',
  'supplierName',
  'customerName',
  'price',
  'state',
  'version',
  'released',
  'releaseDate',
  'archived',
  'createDate',
  'enquiryStanding',
] as const satisfies ReadonlyArray<keyof Offer>;

/**
 * The fields another area's list decides an offer's standing on (the project folders shared with a user): read
 * with a field mask, so a list of many offers never transfers their terms, originals and documents.
 */
export const OFFER_HEAD_FIELDS = [
  'supplierId',
  'customerId',
  'offerNumber',
  'referenceNumber',
  'state',
  'released',
  'archived',
  'previousOfferId',
] as const satisfies ReadonlyArray<keyof Offer>;

/** An offer as OFFER_HEAD_FIELDS reads it. */
export type OfferHead = Pick<Offer, 'id' | (typeof OFFER_HEAD_FIELDS)[number]>;

/** A row of GET /offer/filter (docs/api.md "Offers"; the web's list rows). */
export type OfferListItem = Pick<Offer, 'id' | (typeof OFFER_LIST_FIELDS)[number]>;

/**
 * Each side's binding documents are its own (docs/decisions-offers.md): the supplier provides the OFFER and the
 * ORDER_CONFIRMATION, the customer the ORDER; any other document type either side may upload.
 */
const BINDING_DOCUMENT_SIDES: Readonly<Partial<Record<DocumentType, OfferSide>>> = {
  OFFER: 'supplier',
  ORDER_CONFIRMATION: 'supplier',
  ORDER: 'customer',
};

/** May this side upload a document of this type to an offer? */
export function mayProvideDocument(side: OfferSide, type: DocumentType): boolean {
  const owner = BINDING_DOCUMENT_SIDES[type];
  return owner === undefined || owner === side;
}

/** A binding document of `type` provided by its side (only that one counts for a rule). */
function isBindingOf(f: FileFact, type: DocumentType): boolean {
  return isPdfOf(f, type) && f.side === BINDING_DOCUMENT_SIDES[type];
}

const MISSING_DOCUMENT = {
  OFFER: 'missingOfferFile',
  ORDER: 'missingOrderFile',
  ORDER_CONFIRMATION: 'missingOrderConfirmationFile',
} as const satisfies Partial<Record<DocumentType, keyof typeof OFFER_ERRORS>>;
export type MissingDocumentRefusal = (typeof MISSING_DOCUMENT)[keyof typeof MISSING_DOCUMENT];
export const MISSING_DOCUMENT_REFUSALS = Object.values(MISSING_DOCUMENT);

/** The document an action still needs (spec 01 §4/§5), read from the record: the server's rule and the web's warning. */
export function missingDocument(
  offer: Pick<Offer, 'documents'>,
  action: OfferAction,
): MissingDocumentRefusal | undefined {
  const requires = OFFER_TRANSITIONS[action].requires;
  if (!requires || offer.documents.some((f) => isBindingOf(f, requires))) return undefined;
  return MISSING_DOCUMENT[requires as keyof typeof MISSING_DOCUMENT];
}

/**
 * The documents an executed transition relied on stay (delete → 409 invalidTransition): the supplier's OFFER pdf
 * of a released offer, the customer's ORDER of an order (also a lapsed one: it stays on record) or a job, the
 * ORDER_CONFIRMATION of a job (in every state of it).
 */
export function isBindingDocument(offer: Pick<Offer, 'released' | 'state'>, f: FileFact): boolean {
  if (isBindingOf(f, 'OFFER')) return offer.released;
  if (isBindingOf(f, 'ORDER')) return offer.state === 'ACCEPTED' || offer.state === 'LAPSED' || isJobState(offer.state);
  if (isBindingOf(f, 'ORDER_CONFIRMATION')) return isJobState(offer.state);
  return false;
}

/**
 * Where an offer's enquiry stands for offers (docs/decisions-offers.md): open (released), reopened by its customer
 * (a draft again), archived, or closed by an order.
 */
export type EnquiryStanding = 'open' | 'reopened' | 'archived' | 'closed';

export function enquiryStanding(e: Pick<Enquiry, 'released' | 'closed' | 'archived'>): EnquiryStanding {
  if (e.archived) return 'archived';
  if (e.closed) return 'closed';
  return e.released ? 'open' : 'reopened';
}

/**
 * The actions that need the enquiry open for offers. Confirm follows its own accept (which closed it); a decline is
 * the customer's answer and always possible (e.g. to the other suppliers after an order); archive is the supplier's.
 */
const NEEDS_OPEN_ENQUIRY: readonly OfferAction[] = ['release', 'accept', 'revise'];

/**
 * Why the enquiry refuses this offer action (undefined: it does not). The one rule "this enquiry is open for
 * offers", checked by the server inside each action's transaction on the enquiry it read, and by the web's buttons
 * on the offer's stored standing.
 */
export function enquiryRefusal(
  standing: EnquiryStanding,
  action: OfferAction | 'create' | 'update',
): 'enquiryClosed' | 'enquiryNotOpen' | undefined {
  if (action !== 'create' && action !== 'update' && !NEEDS_OPEN_ENQUIRY.includes(action)) return undefined;
  if (standing === 'closed') return 'enquiryClosed';
  return standing === 'open' ? undefined : 'enquiryNotOpen';
}

/** Is the offer outdated: the customer uploaded a newer BOM or circuit diagram after it was drafted? */
export function isOfferOutdated(
  offer: Pick<Offer, 'enquiryBomRevision' | 'enquiryCircuitDiagramRevision' | 'enquiryReleaseDate'>,
  enquiry: { bomRevision: number; circuitDiagramRevision: number; releaseDate?: Date },
): boolean {
  return (
    enquiry.bomRevision > offer.enquiryBomRevision ||
    enquiry.circuitDiagramRevision > offer.enquiryCircuitDiagramRevision ||
    // released again after a reopen: the customer may have changed anything
    (!!offer.enquiryReleaseDate && !!enquiry.releaseDate && enquiry.releaseDate > offer.enquiryReleaseDate)
  );
}

/** The copied fields whose offer value differs from the enquiry's (the comparison view's deviations). */
export function offerDeviations(offer: OfferTerms, enquiry: OfferTerms): Array<(typeof OFFER_COPIED_FIELDS)[number]> {
  return OFFER_COPIED_FIELDS.filter(
    (f) => ((offer as Record<string, unknown>)[f] ?? null) !== ((enquiry as Record<string, unknown>)[f] ?? null),
  );
}

const OFFER_NUMBER_MAX_LENGTH = 100;
/**
 * The supplier's offer form (spec 01 §5: offer number, price, delivery condition and desired delivery date are
 * required). The copied enquiry fields are editable deviations; `additionalInfo` stays the customer's text
 * (the form disables it once an original exists), the supplier writes `additionalInfoSupplier`.
 */
export const offerInputSchema = enquiryInputSchema.omit(['title', 'additionalInfo']).shape({
  offerNumber: line(OFFER_NUMBER_MAX_LENGTH).required(V.required),
  price: priceSchema().required(V.required),
  deliveryCondition: yup
    .string()
    .typeError(V.type)
    .nonNullable(V.type)
    .oneOf([...DELIVERY_CONDITIONS], V.oneOf)
    .required(V.required),
  desiredDeliveryDate: line(10)
    .required(V.required)
    .test('isoDate', V.type, (value) => value == null || isIsoDate(value)),
  additionalInfoSupplier: multiline(5000).optional(),
});
export type OfferInput = yup.InferType<typeof offerInputSchema>;

/** POST /offer/ body: the form plus the enquiry it answers. */
export const offerCreateSchema = offerInputSchema.shape({ enquiryId: bodyIdSchema });
/** POST /offer/update body. */
export const offerUpdateSchema = offerInputSchema.shape({ id: bodyIdSchema });

const rejectionReasonSchema = yup
  .string()
  .typeError(V.type)
  .oneOf([...REJECTION_REASONS], V.oneOf);
const rejectionReasonIndividualSchema = multiline(2000)
  .optional()
  .when('rejectionReason', { is: 'INDIVIDUAL', then: (s) => s.required(V.required) });

/** Decline (spec 01 §5): a reason; its free text is required for INDIVIDUAL (the web's decline dialog). */
export const declineSchema = yup.object({
  rejectionReason: rejectionReasonSchema.required(V.required),
  rejectionReasonIndividual: rejectionReasonIndividualSchema,
});

const CANCELLATION_REASON_MAX_LENGTH = 2000;
const cancellationReasonSchema = multiline(CANCELLATION_REASON_MAX_LENGTH).required(V.required);

/** Cancel a job (issue 32): the customer's reason is required (the web's cancel dialog). */
export const cancelSchema = yup.object({ cancellationReason: cancellationReasonSchema });

/**
 * GET|POST /offer/statechange query: the target state names the action; a decline carries its reason (the same
 * rules as `declineSchema`), a cancel its `cancellationReason`; the other actions ignore both.
 */
export const stateChangeSchema = yup.object({
  offerId: idSchema,
  state: yup.string().typeError(V.type).oneOf(STATE_CHANGE_TARGETS, V.oneOf).required(V.required),
  cancellationReason: yup.mixed<string>().when('state', {
    is: 'CANCELLED',
    then: () => cancellationReasonSchema,
    otherwise: (s) => s.strip(),
  }),
  rejectionReason: yup.mixed<string>().when('state', {
    is: 'DECLINED',
    then: () => rejectionReasonSchema.required(V.required),
    otherwise: (s) => s.strip(),
  }),
  rejectionReasonIndividual: yup.mixed<string>().when('state', {
    is: 'DECLINED',
    then: () => rejectionReasonIndividualSchema,
    otherwise: (s) => s.strip(),
  }),
});

export const OFFER_SORT_COLUMNS = ['createDate', 'releaseDate', 'offerNumber', 'referenceNumber'] as const;
export type OfferSortColumn = (typeof OFFER_SORT_COLUMNS)[number];

/** GET /offer/filter query (spec 01 §7): paging, `referenceNumber` search, `states` comma-joined. */
export const offerFilterSchema = pageRequestSchema(OFFER_SORT_COLUMNS, {
  referenceNumber: yup.string().typeError(V.type).trim(V.type).max(100, withLimits(V.maxLength)).optional(),
  states: commaList(
    yup
      .string()
      .oneOf([...OFFER_STATES], V.oneOf)
      .required(V.required) as yup.Schema<OfferState>,
    OFFER_STATES.length,
  ),
});
export type OfferFilter = yup.InferType<typeof offerFilterSchema>;
