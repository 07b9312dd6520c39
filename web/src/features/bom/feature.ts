import { offerSide } from '@model/permissions-offers';
import type { Feature } from '@/lib/feature';
import { lazyComponent } from '@/lib/lazy';

/**
 * The bill of materials (spec 02 §2): the BOM panel on the enquiry page - upload, re-upload, download, delete, the
 * kept revisions, mapping and the article table - and on the offer page for its supplier (the enquiry revision the
 * offer priced, mapped for the offer; docs/decisions-bom.md "Offers").
 */
export const bomFeature: Feature = {
  namespace: 'bom',
  routes: [],
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
