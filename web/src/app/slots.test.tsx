import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { Enquiry } from '@model/enquiry';
import type { Offer } from '@model/offer';
import { EnquiryFormPage } from '@/features/enquiries/components/enquiry-form-page';
import { OfferFormPage } from '@/features/offers/components/offer-form-page';
import type { Feature, RecordPanelProps } from '@/lib/feature';
import { lazyFrom } from '@/lib/lazy';
import { preloadSlots, slotsOf } from '@/lib/slots';
import { customerUser, makeEnquiry } from '@/testing/enquiry-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { makeOffer, supplierUser } from '@/testing/offer-fixtures';
import { renderPage } from '@/testing/render';
import { FEATURES } from './features';

/**
 * A later area as it will look (chat): its own folder and namespace, a panel on the enquiry page (once released)
 * and one on the offer page - and no import of the enquiries or offers feature, nor they of it.
 */
function EnquiryChat({ record, canChange }: RecordPanelProps<'enquiry'>) {
  return <p data-testid="chat-enquiry">{`${record.title} / ${canChange ? 'änderbar' : 'gesperrt'}`}</p>;
}
function OfferChat({ record }: RecordPanelProps<'offer'>) {
  return <p data-testid="chat-offer">{record.offerNumber}</p>;
}
const chatFeature: Feature = {
  namespace: 'chat',
  routes: [],
  panels: [
    {
      record: 'enquiry',
      id: 'chat',
      order: 30,
      titleKey: 'chat:title',
      visible: (enquiry) => enquiry.released || enquiry.closed,
      component: lazyFrom(async () => EnquiryChat),
    },
    { record: 'offer', id: 'chat', order: 5, titleKey: 'chat:title', component: lazyFrom(async () => OfferChat) },
  ],
};
function Notes({ canChange }: RecordPanelProps<'enquiry'>) {
  return <p data-testid="notes">{canChange ? 'änderbar' : 'gesperrt'}</p>;
}
/** A second contributor, to see the order across features. */
const notesFeature: Feature = {
  routes: [],
  panels: [
    {
      record: 'enquiry',
      id: 'notes',
      order: 15,
      titleKey: 'chat:notes',
      component: lazyFrom(async () => Notes),
    },
  ],
};
const slots = slotsOf([chatFeature, notesFeature]);

beforeAll(async () => {
  i18next.addResourceBundle('de', 'chat', { title: 'Chat', notes: 'Notizen' });
  await preloadSlots(slots);
});

function openEnquiry(enquiry: Enquiry) {
  mockFetch((c) => (c.url === `/api/enquiry/?id=${enquiry.id}` ? { body: enquiry } : undefined));
  renderPage(<EnquiryFormPage />, { route: `/enquiry/${enquiry.id}`, path: '/enquiry/:id', user: customerUser, slots });
}

function openOffer(offer: Offer) {
  mockFetch((c) => (c.url === `/api/offer/?id=${offer.id}` ? { body: { ...offer, outdated: false } } : undefined));
  renderPage(<OfferFormPage />, { route: `/offer/${offer.id}`, path: '/offer/:id', user: supplierUser, slots });
}

const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('record panels: a feature attaches sections to another feature’s record page', () => {
  it('the app: BOM, documents and chat on enquiries; BOM, documents, project folder and chat on offers; the digest on the profile', () => {
    const panels = slotsOf(FEATURES).panels.map((p) => `${p.record}-${p.id}`);
    expect(panels).toEqual([
      'enquiry-bom',
      'offer-bom',
      'enquiry-documents',
      'offer-documents',
      'offer-business-data',
      'enquiry-chat',
      'offer-chat',
      'profile-chat-digest',
    ]);
  });

  it('the enquiry page shows the contributed panels in their order, each a titled section with the record', async () => {
    openEnquiry(makeEnquiry({ released: true, title: 'Schrank A' }));
    const chat = await screen.findByRole('region', { name: 'Chat' });
    expect(within(chat).getByTestId('chat-enquiry')).toHaveTextContent('Schrank A / gesperrt');
    expect(screen.getByRole('region', { name: 'Notizen' })).toBeInTheDocument();
    expect(sectionTitles().slice(-2)).toEqual(['Notizen', 'Chat']);
    // the app's own panels are not there: the page renders the slot, not a list of its own
    expect(screen.queryByTestId('bom-panel')).not.toBeInTheDocument();
    // an offer panel stays on offer pages
    expect(screen.queryByTestId('chat-offer')).not.toBeInTheDocument();
  });

  it('the visibility predicate decides per record: no chat on a draft; the page’s edit right is passed on', async () => {
    openEnquiry(makeEnquiry({ released: false, title: 'Entwurf' }));
    const notes = await screen.findByRole('region', { name: 'Notizen' });
    // the customer's own draft: canEditEnquiry holds
    expect(within(notes).getByTestId('notes')).toHaveTextContent('änderbar');
    expect(screen.queryByRole('region', { name: 'Chat' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('chat-enquiry')).not.toBeInTheDocument();
  });

  it('the offer page shows the panels attached to offers', async () => {
    openOffer(makeOffer({ offerNumber: 'A-42' }));
    const chat = await screen.findByRole('region', { name: 'Chat' });
    expect(within(chat).getByTestId('chat-offer')).toHaveTextContent('A-42');
    expect(screen.queryByRole('region', { name: 'Notizen' })).not.toBeInTheDocument();
  });
});
