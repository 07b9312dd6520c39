import { type Enquiry } from '@model/enquiry';
import { ENQUIRY_DATE_FIELDS } from '@model/enquiry-dates';
import { SELF_MANAGED_COMPANY_TYPES } from '@model/permissions';
import { paths } from '@/config/paths';
import { lazyPage, type Feature, type RouteAccess } from '@/lib/feature';

declare module '@/lib/feature' {
  /** the enquiry page offers record panels (the BOM, documents, chat) */
  interface SlotRecords {
    enquiry: Enquiry;
  }
}

/** CUSTOMER and SUPPLIER companies (the same caller kinds as the model's guard `usesEnquiries`). */
const enquiryCompany = (p: RouteAccess) => SELF_MANAGED_COMPANY_TYPES.includes(p.companyType);

/** Enquiries: the list is the landing page of customers and suppliers (spec 2: index redirects to /enquiry). */
export const enquiriesFeature: Feature = {
  namespace: 'enquiries',
  dateFields: ENQUIRY_DATE_FIELDS,
  routes: [
    {
      path: paths.enquiries.list.path,
      allowed: enquiryCompany,
      menu: { labelKey: 'enquiries:menu' },
      landing: enquiryCompany,
      element: lazyPage(() => import('./components/enquiry-list-page'), 'EnquiryListPage'),
    },
    {
      path: paths.enquiries.detail.path,
      allowed: enquiryCompany,
      element: lazyPage(() => import('./components/enquiry-form-page'), 'EnquiryFormPage'),
    },
  ],
};
