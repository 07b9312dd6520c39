import { defineListExport } from '../../http/csv-export.js';
import { enquiryFilterSchema, enquiryStatus, type EnquiryListItem } from '../../model/enquiry.js';

/** POST /enquiry/export: the columns of the enquiry list (status as its code; the web names the codes). */
export const ENQUIRY_EXPORT = defineListExport<EnquiryListItem, typeof enquiryFilterSchema.fields>(
  {
    title: (e) => e.title,
    referenceNumber: (e) => e.referenceNumber,
    customerName: (e) => e.customerName,
    deliveryCondition: (e) => e.deliveryCondition,
    desiredDeliveryDate: (e) => e.desiredDeliveryDate,
    amount: (e) => e.amount,
    createDate: (e) => e.createDate,
    releaseDate: (e) => e.releaseDate,
    status: (e) => enquiryStatus(e),
  },
  enquiryFilterSchema.fields,
);
