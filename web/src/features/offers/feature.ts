import { type Offer } from '@model/offer';
import { OFFER_DATE_FIELDS } from '@model/offer-dates';
import { SELF_MANAGED_COMPANY_TYPES } from '@model/permissions';
import { paths } from '@/config/paths';
import { lazyPage, type Feature, type RouteAccess } from '@/lib/feature';

declare module '@/lib/feature' {
  /** the offer, order and job page offers record panels (documents, project folder, chat) */
  interface SlotRecords {
    offer: Offer;
  }
}

/** CUSTOMER and SUPPLIER companies: the offer -> order -> job workflow (ADMIN and EXTERNAL see no offers). */
const offerCompany = (p: RouteAccess) => SELF_MANAGED_COMPANY_TYPES.includes(p.companyType);
const formPage = lazyPage(() => import('./components/offer-form-page'), 'OfferFormPage');

/** Offers, orders and jobs (spec 01 §2): one list component per view, one form page, the comparison view. */
export const offersFeature: Feature = {
  namespace: 'offers',
  dateFields: OFFER_DATE_FIELDS,
  routes: [
    {
      path: paths.offers.list.path,
      allowed: offerCompany,
      menu: { labelKey: 'offers:menu.offer' },
      element: lazyPage(() => import('./components/offer-list-page'), 'OffersListPage'),
    },
    { path: paths.offers.create.path, allowed: offerCompany, element: formPage },
    { path: paths.offers.detail.path, allowed: offerCompany, element: formPage },
    {
      path: paths.orders.list.path,
      allowed: offerCompany,
      menu: { labelKey: 'offers:menu.order' },
      element: lazyPage(() => import('./components/offer-list-page'), 'OrdersListPage'),
    },
    { path: paths.orders.detail.path, allowed: offerCompany, element: formPage },
    {
      path: paths.jobs.list.path,
      allowed: offerCompany,
      menu: { labelKey: 'offers:menu.job' },
      element: lazyPage(() => import('./components/offer-list-page'), 'JobsListPage'),
    },
    { path: paths.jobs.detail.path, allowed: offerCompany, element: formPage },
    {
      // the customer's comparison of the offers on one enquiry (issue 9 "beyond the spec")
      path: paths.enquiries.offers.path,
      allowed: (p) => p.companyType === 'CUSTOMER',
      element: lazyPage(() => import('./components/offer-comparison-page'), 'OfferComparisonPage'),
    },
  ],
};
