import type { Feature } from '@/lib/feature';
import { lazyComponent } from '@/lib/lazy';

/**
 * The bill of materials (spec 02 §2): the BOM panel on the enquiry page - upload, re-upload, download, delete and
 * the kept revisions. It has no page of its own yet; the mapping and the article table come with the BOM issue.
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
  ],
};
