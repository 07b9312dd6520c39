import { CHANGE_HISTORY_DATE_FIELDS } from '@model/change-history-dates';
import { BOM_JOB_DATE_FIELDS } from '@model/bom-job-dates';
import { offerSide } from '@model/permissions-offers';
import { paths } from '@/config/paths';
import { lazyComponent } from '@/lib/lazy';
import { lazyPage, type Feature, type RouteAccess } from '@/lib/feature';

/** Every ADMIN-company user (spec 02 §1: with or without the admin flag); the history inside is for administrators. */
const adminCompany = (p: RouteAccess) => p.companyType === 'ADMIN';

/**
 * The bill of materials (spec 02 §2; docs/decisions-bom.md), one area with three owners: the BOM panel on the
 * enquiry page - upload, re-upload, download, delete, the kept revisions, mapping and the article table -, the same
 * on the offer page for its supplier (the enquiry revision the offer priced, mapped for the offer), and
 * /import/stueckliste, the administrators' BOM import with its history.
 */
export const bomFeature: Feature = {
  namespace: 'bom',
  dateFields: [...BOM_JOB_DATE_FIELDS, ...CHANGE_HISTORY_DATE_FIELDS],
  routes: [
    {
      path: paths.imports.bom.path,
      allowed: adminCompany,
      menu: { labelKey: 'bom:menu' },
      element: lazyPage(() => import('./components/bom-import-page'), 'BomImportPage'),
    },
  ],
  panels: [
    {
      record: 'enquiry',
      id: 'bom',
      order: 10,
      titleKey: 'bom:title',
      component: lazyComponent(() => import('./components/bom-panel'), 'BomPanel'),
    },
    {
      // the offer's BOM is its supplier's (the customer never sees the supplier's matched prices)
      record: 'offer',
      id: 'bom',
      order: 10,
      titleKey: 'bom:title',
      visible: (offer, caller) => offerSide(caller, offer) === 'supplier',
      component: lazyComponent(() => import('./components/offer-bom-panel'), 'OfferBomPanel'),
    },
  ],
};
