import type { Transaction } from 'firebase-admin/firestore';
import { ApiError, errorsOf } from '../../platform/api-error.js';
import { authorizeRecord } from '../../http/record-access.js';
import { BOM_JOB_ERRORS, type BomJobOwner, type BomJobSummary } from '../../model/bom-job.js';
import type { FieldMapping } from '../../model/bom/fields.js';
import type { Enquiry } from '../../model/enquiry.js';
import { enquiryRefusal, OFFER_ERRORS, type Offer } from '../../model/offer.js';
import { transitionRefusal } from '../../model/offer-states.js';
import { canSeeOffer, offerSide } from '../../model/permissions-offers.js';
import type { Principal } from '../../model/user.js';
import type { RunTransaction } from '../../platform/transaction.js';
import type { EnquiryBomService } from '../enquiries/enquiry-bom.service.js';
import type { OffersPort } from '../offers/offers.port.js';

const fail = { ...errorsOf(BOM_JOB_ERRORS), ...errorsOf(OFFER_ERRORS) };

/** Which record a BOM call is about: the enquiry, or (with `offerId`) the supplier's offer on it. */
export interface BomOwnerRef {
  enquiryId: string;
  offerId?: string;
}

/** A mapping saved with the record (the enquiry's fields; an offer keeps it on its job). */
interface SavedMapping {
  fieldMapping?: FieldMapping;
  bomHeaderRowIndex?: number;
  suppliedPartString?: string;
}

type BomFile = { bytes: Uint8Array; fileName: string; revision: number };
export type MappingFields = Required<Pick<Enquiry, 'fieldMapping' | 'bomHeaderRowIndex' | 'headers' | 'bomSummary'>> &
  Pick<Enquiry, 'suppliedPartString'>;

/** The record a BOM call acts on, as its owner's rules let the caller see it. */
export interface BomTarget {
  owner: Extract<BomJobOwner, 'enquiry' | 'offer'>;
  ownerId: string;
  /** the enquiry holding the file */
  enquiry: Enquiry;
  /** the offer, for owner 'offer' */
  offer?: Offer;
  /** the BOM revision this owner maps: the enquiry's current one, or the one the offer priced */
  revision: number;
  /** lines of `revision` count for the owner (the enquiry: its bomSummary names it; an offer: its job alone) */
  linesCount: (jobRevision: number) => boolean;
  /** the mapping saved on the record (the enquiry's; for an offer, its customer's for the same revision) */
  saved: SavedMapping;
}

/**
 * The record rules of a BOM job's owner (docs/decisions-bom.md "Offers"): the enquiry's come from its area's
 * accessors, an offer's from `permissions-offers` on the offer read through OFFERS_PORT.
 */
export interface BomOwner {
  /** Who may read the lines and the generated file (404 hidden / 403). */
  seen(principal: Principal, ref: BomOwnerRef): Promise<BomTarget>;
  /** Who may map and edit lines now (404 / 403 / 409). */
  editable(principal: Principal, ref: BomOwnerRef): Promise<BomTarget>;
  editableInTx(tx: Transaction, principal: Principal, ref: BomOwnerRef): Promise<BomTarget>;
  /** The bytes of the revision the owner maps (422 missingBOM). */
  file(target: BomTarget): Promise<BomFile>;
  /**
   * Saves a mapping made for `revision` in one transaction with the caller's writes (`also`); 409 bomChanged when the
   * owner's revision changed meanwhile. Answers the record as the client stores it.
   */
  saveMapping(
    principal: Principal,
    target: BomTarget,
    revision: number,
    fields: MappingFields,
    also: (tx: Transaction) => Promise<void> | void,
  ): Promise<{ enquiry: Enquiry } | { offer: Offer }>;
  /** A line edit changed the counts (the enquiry's summary; an offer's job holds its own). */
  setSummaryInTx(tx: Transaction, target: BomTarget, summary: BomJobSummary): void;
}

export function enquiryBomOwner(enquiries: EnquiryBomService): BomOwner {
  const target = (enquiry: Enquiry): BomTarget => ({
    owner: 'enquiry',
    ownerId: enquiry.id,
    enquiry,
    revision: enquiry.bomRevision,
    linesCount: (rev) => enquiry.bomSummary?.revision === enquiry.bomRevision && rev === enquiry.bomRevision,
    saved: {
      fieldMapping: enquiry.fieldMapping,
      bomHeaderRowIndex: enquiry.bomHeaderRowIndex,
      suppliedPartString: enquiry.suppliedPartString,
    },
  });
  return {
    seen: async (principal, ref) => target(await enquiries.seen(principal, ref.enquiryId)),
    editable: async (principal, ref) => target(await enquiries.editable(principal, ref.enquiryId)),
    editableInTx: async (tx, principal, ref) => target(await enquiries.editableInTx(tx, principal, ref.enquiryId)),
    file: (t) => enquiries.currentFile(t.enquiry),
    saveMapping: async (principal, t, revision, fields, also) => ({
      enquiry: await enquiries.saveMapping(principal, t.ownerId, revision, fields, (tx) => also(tx)),
    }),
    setSummaryInTx: (tx, t, summary) => enquiries.setSummaryInTx(tx, t.enquiry, summary),
  };
}

/**
 * An offer's BOM: the enquiry revision the offer priced (`enquiryBomRevision`). Only the offer's supplier reaches it
 * (the customer never sees the supplier's matched prices; another supplier does not see the offer: 404); he maps
 * and edits lines while the offer is an unreleased OPEN draft on an open enquiry (`canEditOffer`: 409
 * offerReleased / invalidTransition / enquiryNotOpen / enquiryClosed), a released offer offers only reading.
 */
export function offerBomOwner(
  offers: Pick<OffersPort, 'record' | 'recordInTx'>,
  enquiries: EnquiryBomService,
  transaction: RunTransaction,
): BomOwner {
  const supplierOnly = (principal: Principal, offer: Offer | undefined, ref: BomOwnerRef): Offer =>
    authorizeRecord(principal, offer && offer.enquiryId === ref.enquiryId ? offer : undefined, {
      see: (o) => canSeeOffer(principal, o),
      act: (o) => offerSide(principal, o) === 'supplier',
      seesAll: false,
    });
  const editableRule = (principal: Principal, offer: Offer | undefined, ref: BomOwnerRef): Offer => {
    const o = supplierOnly(principal, offer, ref);
    // the rules of POST /offer/update (canEditOffer), with their codes
    const refusal = transitionRefusal(o, 'release') ?? enquiryRefusal(o.enquiryStanding ?? 'open', 'update');
    if (refusal) throw fail[refusal]();
    return o;
  };
  const target = async (offer: Offer): Promise<BomTarget> => {
    // an offer's enquiry is never deleted (archive only); a missing one is a data problem
    const enquiry = await enquiries.record(offer.enquiryId);
    if (!enquiry) throw ApiError.notFound();
    return {
      owner: 'offer',
      ownerId: offer.id,
      enquiry,
      offer,
      revision: offer.enquiryBomRevision,
      linesCount: (rev) => rev === offer.enquiryBomRevision,
      // until the supplier saved his own (on the offer's job): what the customer saved for the same revision
      saved:
        enquiry.bomSummary?.revision === offer.enquiryBomRevision
          ? {
              fieldMapping: enquiry.fieldMapping,
              bomHeaderRowIndex: enquiry.bomHeaderRowIndex,
              suppliedPartString: enquiry.suppliedPartString,
            }
          : {},
    };
  };
  const offerId = (ref: BomOwnerRef) => ref.offerId ?? '';
  return {
    seen: async (principal, ref) => target(supplierOnly(principal, await offers.record(offerId(ref)), ref)),
    editable: async (principal, ref) => target(editableRule(principal, await offers.record(offerId(ref)), ref)),
    editableInTx: async (tx, principal, ref) =>
      target(editableRule(principal, await offers.recordInTx(tx, offerId(ref)), ref)),
    file: (t) => enquiries.revisionFile(t.enquiry, t.revision),
    saveMapping: async (principal, t, revision, _fields, also) => {
      const ref = { enquiryId: t.enquiry.id, offerId: t.ownerId };
      const offer = await transaction(async (tx) => {
        const o = editableRule(principal, await offers.recordInTx(tx, t.ownerId), ref);
        if (o.enquiryBomRevision !== revision) throw fail.bomChanged();
        await also(tx);
        return o;
      });
      return { offer };
    },
    // the offer's job holds the counts; the offer record carries no BOM summary
    setSummaryInTx: () => undefined,
  };
}
