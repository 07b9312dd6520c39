import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { EnquiryFormPage } from '@/features/enquiries/components/enquiry-form-page';
import { OfferFormPage } from '@/features/offers/components/offer-form-page';
import { OffersListPage } from '@/features/offers/components/offer-list-page';
import { axeViolations } from '@/testing/axe';
import { attachedFile, makeEnquiry as makeDraft } from '@/testing/enquiry-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { customerUser, listItemOf, makeOffer, supplierUser } from '@/testing/offer-fixtures';
import { answerPage } from '@/testing/page-server';
import { asPhone } from '@/testing/phone';
import { preloadAppSlots, renderPage } from '@/testing/render';

// The layouts of issue 19 through axe-core's WCAG 2.1 A/AA rules (structure: names, roles, lists, headings), at
// desktop and phone width; colour contrast and sideways scrolling are the end-to-end walker's (real layout).
beforeAll(preloadAppSlots);
afterEach(() => vi.unstubAllGlobals());

function api() {
  const offer = makeOffer({ released: true, enquiryStanding: 'reopened', packaging: 'WOODEN_BOX' });
  const enquiry = makeDraft({ released: true, bomFileName: 'b.csv', bomRevision: 1 });
  return mockFetch((c) => {
    if (c.url === '/api/offer/?id=o1') return { body: offer };
    if (c.url === '/api/enquiry/?id=e1') return { body: enquiry };
    if (c.url.startsWith('/api/file/names?path=enquiries%2Fe1%2Fdocuments'))
      return { body: [attachedFile('enquiries/e1/documents/plan.pdf', 'CIRCUIT_DIAGRAM')] };
    if (c.url.startsWith('/api/file/names')) return { body: [] };
    if (c.url.startsWith('/api/offer/filter?')) return answerPage(c.url, [listItemOf(offer)], {});
    return undefined;
  });
}

describe.each([
  ['desktop', () => undefined],
  ['phone', () => asPhone()],
])('new layouts, axe WCAG 2.1 A/AA: %s', (_width, screenSize) => {
  it('the offer read by its customer (summary, action bar, lists)', async () => {
    screenSize();
    api();
    renderPage(<OfferFormPage />, { user: customerUser, route: '/offer/o1', path: '/offer/:id' });
    await screen.findByTestId('summary-price');
    await screen.findAllByText('Keine Dateien vorhanden.');
    expect(await axeViolations()).toEqual([]);
  });

  it('the enquiry read by a supplier (summary, create-offer action, conditions, folders)', async () => {
    screenSize();
    api();
    renderPage(<EnquiryFormPage />, { user: supplierUser, route: '/enquiry/e1', path: '/enquiry/:id' });
    await screen.findByTestId('summary-name');
    await screen.findByText('plan.pdf');
    expect(await axeViolations()).toEqual([]);
  });

  it('a new enquiry with the date field', async () => {
    screenSize();
    api();
    renderPage(<EnquiryFormPage />, { user: customerUser, route: '/enquiry/new', path: '/enquiry/:id' });
    await screen.findByRole('group', { name: /^Wunschliefertermin/ });
    expect(await axeViolations()).toEqual([]);
  });

  it('the offer list (table or cards)', async () => {
    screenSize();
    api();
    renderPage(<OffersListPage />, { user: supplierUser });
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(1));
    expect(await axeViolations()).toEqual([]);
  });
});
