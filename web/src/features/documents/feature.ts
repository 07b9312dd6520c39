import type { Feature } from '@/lib/feature';
import { lazyComponent } from '@/lib/lazy';

/**
 * Record documents: the documents folder of an enquiry and of an offer, each a panel of its record's page (list,
 * upload with a document type, download, delete). The records list these files (`documents`), so their rules
 * (release, accept, confirm) read the record; each change refetches it.
 */
export const documentsFeature: Feature = {
  namespace: 'documents',
  routes: [],
  panels: [
    {
      record: 'enquiry',
      id: 'documents',
      order: 20,
      titleKey: 'documents:title',
      component: lazyComponent(() => import('./components/enquiry-documents'), 'EnquiryDocuments'),
    },
    {
      record: 'offer',
      id: 'documents',
      order: 20,
      titleKey: 'documents:title',
      component: lazyComponent(() => import('./components/offer-documents'), 'OfferDocuments'),
    },
  ],
};
