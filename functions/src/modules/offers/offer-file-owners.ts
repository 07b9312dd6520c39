import { ApiError, errorsOf } from '../../platform/api-error.js';
import { authorizeRecord } from '../../http/record-access.js';
import {
  isBindingDocument,
  mayProvideDocument,
  OFFER_DOCUMENTS_PREFIX,
  OFFER_ERRORS,
  type Offer,
} from '../../model/offer.js';
import type { FileFact } from '../../model/files.js';
import { canChangeOfferFiles, canSeeOffer, offerSide } from '../../model/permissions-offers.js';
import type { Principal } from '../../model/user.js';
import type { FileOwner } from '../../platform/files/file-owners.js';
import type { RunTransaction } from '../../platform/transaction.js';
import { userNameOf } from '../enquiries/enquiry-record.js';
import type { OffersRepository } from './offers.repository.js';

const fail = errorsOf(OFFER_ERRORS);

/**
 * `offers/{offerId}/documents/`: an offer's documents (docs/api.md "Offers"), reached through the generic /file
 * calls and listed on the record (`Offer.documents`, with the side that uploaded each): the transitions read the
 * supplier's OFFER and ORDER_CONFIRMATION and the customer's ORDER there, in the same transaction an upload or
 * delete writes them. Read by whoever sees the offer; changed by either side while canChangeOfferFiles holds;
 * each side deletes only its own files, never one an executed transition relied on.
 */
export function offerDocumentsOwner(d: {
  offers: OffersRepository;
  transaction: RunTransaction;
  now: () => Date;
}): FileOwner {
  const see = (principal: Principal, offer: Offer | undefined) =>
    authorizeRecord(principal, offer, { see: (o) => canSeeOffer(principal, o), seesAll: false });
  const changeable = (principal: Principal, offer: Offer | undefined) =>
    authorizeRecord(principal, offer, {
      see: (o) => canSeeOffer(principal, o),
      act: (o) => canChangeOfferFiles(principal, o),
      seesAll: false,
    });
  /** Reads, checks and writes the offer in one transaction. */
  const change = (principal: Principal, offerId: string, next: (before: Offer) => Offer) =>
    d.transaction(async (tx) => {
      const before = changeable(principal, await d.offers.getInTx(tx, offerId));
      const after = next(before);
      if (after !== before) d.offers.setInTx(tx, after);
    });

  return {
    prefix: OFFER_DOCUMENTS_PREFIX,
    context: 'offer',
    async authorize(principal, { offerId }, access) {
      const offer = await d.offers.get(offerId!);
      return { facts: (access === 'read' ? see(principal, offer) : changeable(principal, offer)).documents };
    },
    async recordUpload(principal, { offerId }, upload) {
      let fact: FileFact | undefined;
      await change(principal, offerId!, (before) => {
        const side = offerSide(principal, before)!;
        // each side's binding documents are its own: the other side cannot plant one
        if (!mayProvideDocument(side, upload.documentType)) throw fail.documentOfOtherSide();
        fact = {
          name: upload.name,
          documentType: upload.documentType,
          uploadedByName: userNameOf(principal),
          side,
          uploadDate: d.now(),
        };
        return { ...before, documents: [...before.documents, fact] };
      });
      return fact!;
    },
    async recordDelete(principal, { offerId }, name) {
      let listed = false;
      await change(principal, offerId!, (before) => {
        const fact = before.documents.find((f) => f.name === name);
        if (!fact) return before;
        if (fact.side !== offerSide(principal, before)) throw ApiError.forbidden();
        if (isBindingDocument(before, fact)) throw fail.invalidTransition();
        listed = true;
        return { ...before, documents: before.documents.filter((f) => f !== fact) };
      });
      return listed;
    },
  };
}
