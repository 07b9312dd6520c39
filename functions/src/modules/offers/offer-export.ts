import { defineListExport } from '../../http/csv-export.js';
import { offerFilterSchema, type OfferListItem } from '../../model/offer.js';

/** POST /offer/export: the columns of the offer, order and job lists (codes named by the web). */
export const OFFER_EXPORT = defineListExport<OfferListItem, typeof offerFilterSchema.fields>(
  {
    offerNumber: (o) => o.offerNumber,
    referenceNumber: (o) => o.referenceNumber,
    enquiryTitle: (o) => o.enquiryTitle,
    customerName: (o) => o.customerName,
    supplierName: (o) => o.supplierName,
    price: (o) => o.price,
    state: (o) => o.state,
    version: (o) => o.version,
    releaseDate: (o) => o.releaseDate,
    createDate: (o) => o.createDate,
    tag: (o) => (o.archived ? 'archived' : o.released ? 'released' : 'draft'),
    enquiryStanding: (o) => o.enquiryStanding,
  },
  offerFilterSchema.fields,
);
