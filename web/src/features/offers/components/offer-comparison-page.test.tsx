import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import type { ComparedOffer, OfferComparison } from '../api/offer-types';
import {
  customerUser,
  listItemOfEnquiry,
  makeEnquiry,
  makeOffer,
  offerFact,
  offerFile,
} from '@/testing/offer-fixtures';
import { OfferComparisonPage, sortOffers } from './offer-comparison-page';

const compared = (overrides: Partial<ComparedOffer>): ComparedOffer => ({
  ...makeOffer({ released: true }),
  deviations: [],
  outdated: false,
  ...overrides,
});

const offers: ComparedOffer[] = [
  compared({
    id: 'o1',
    supplierName: 'Weber Schaltanlagen',
    price: 12500,
    desiredDeliveryDate: '2027-04-01',
    packaging: 'WOODEN_BOX',
    deliveryCondition: 'EXW',
    deviations: ['deliveryCondition', 'desiredDeliveryDate', 'packaging'],
  }),
  compared({
    id: 'o2',
    supplierId: 's2',
    supplierName: 'Schaltbau Nord',
    price: 9800.5,
    version: 2,
    desiredDeliveryDate: '2027-05-15',
    outdated: true,
    deviations: ['desiredDeliveryDate'],
    // the customer's order PDF (the record lists its documents)
    documents: [offerFact('Bestellung.pdf', 'ORDER', 'customer')],
  }),
  compared({
    id: 'o3',
    supplierId: 's3',
    supplierName: 'Anlagenbau Süd',
    price: 15000,
    state: 'DECLINED',
    desiredDeliveryDate: '2027-03-01',
  }),
];

function api() {
  const comparison: OfferComparison = { enquiry: { ...listItemOfEnquiry(makeEnquiry()), ...makeEnquiry() }, offers };
  return mockFetch((c) => {
    if (c.url === '/api/offer/compare?enquiryId=e1') return { body: comparison };
    if (c.url.startsWith('/api/file/names')) return { body: [offerFile('Bestellung.pdf', 'ORDER', 'o2')] };
    if (c.url.startsWith('/api/offer/statechange?offerId=o2'))
      return { body: { ...offers[1], state: 'ACCEPTED', deviations: undefined } };
    return undefined;
  });
}

const render = () =>
  renderPage(<OfferComparisonPage />, { user: customerUser, route: '/enquiry/e1/offers', path: '/enquiry/:id/offers' });
const suppliers = () => screen.getAllByTestId('compared-supplier').map((e) => e.textContent);

describe('OfferComparisonPage', () => {
  it('all released offers side by side, cheapest first, with their deviations in German', async () => {
    api();
    render();
    expect(await screen.findByRole('heading', { name: 'Angebote vergleichen' })).toBeInTheDocument();
    await waitFor(() => expect(suppliers()).toEqual(['Schaltbau Nord', 'Weber Schaltanlagen', 'Anlagenbau Süd']));
    expect(screen.getByText('Steuerschrank Linie 3 (REF-1)')).toBeInTheDocument();
    const [nord, weber, sued] = screen.getAllByTestId('compared-offer');
    expect(within(nord).getByTestId('compared-price')).toHaveTextContent('9.800,50 €');
    expect(within(nord).getByTestId('outdated')).toHaveTextContent('veraltet');
    expect(within(nord).getByText('Version').nextSibling).toHaveTextContent('2');
    expect(within(weber).getByTestId('compared-deviations').textContent).toContain(
      'Lieferbedingung: EXW – ab Werk (Anfrage: DAP – geliefert benannter Ort)',
    );
    expect(within(weber).getByText('Wunschliefertermin: 01.04.2027 (Anfrage: 01.03.2027)')).toBeInTheDocument();
    expect(within(weber).getByText('Verpackung: Holzkiste (Anfrage: Eurobox)')).toBeInTheDocument();
    expect(within(weber).queryByTestId('outdated')).not.toBeInTheDocument();
    expect(within(sued).getByText('Keine Abweichungen von der Anfrage.')).toBeInTheDocument();
    expect(within(sued).getByTestId('state-DECLINED')).toHaveTextContent('Abgelehnt');
    // accept / decline only where the table allows it (the declined offer takes none)
    expect(within(nord).getByRole('button', { name: 'Annehmen' })).toBeInTheDocument();
    expect(within(nord).getByRole('button', { name: 'Ablehnen' })).toBeInTheDocument();
    expect(within(sued).queryByRole('button', { name: 'Annehmen' })).not.toBeInTheDocument();
  });

  it('the sort box is as wide as its choices, not the page', async () => {
    api();
    render();
    await screen.findAllByTestId('compared-offer');
    const box = screen.getByRole('combobox', { name: 'Sortieren nach' }).closest('.MuiFormControl-root')!;
    expect(box).not.toHaveClass('MuiFormControl-fullWidth');
  });

  it('sorts by delivery date and by supplier', async () => {
    const user = userEvent.setup({ delay: null });
    api();
    render();
    await waitFor(() => expect(suppliers()).toHaveLength(3));
    await user.click(screen.getByRole('combobox', { name: 'Sortieren nach' }));
    await user.click(await screen.findByRole('option', { name: 'Liefertermin' }));
    expect(suppliers()).toEqual(['Anlagenbau Süd', 'Weber Schaltanlagen', 'Schaltbau Nord']);
    await user.click(screen.getByRole('combobox', { name: 'Sortieren nach' }));
    await user.click(await screen.findByRole('option', { name: 'Lieferant' }));
    expect(suppliers()).toEqual(['Anlagenbau Süd', 'Schaltbau Nord', 'Weber Schaltanlagen']);
  });

  it('accept from the comparison: the order PDF dialog, then the order list', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    render();
    await waitFor(() => expect(suppliers()).toHaveLength(3));
    const [nord] = screen.getAllByTestId('compared-offer');
    await user.click(within(nord).getByRole('button', { name: 'Annehmen' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Bestellung vorhanden: Bestellung.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Annehmen' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/order$/));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/offer/statechange?offerId=o2&state=ACCEPTED')).toBe(
      true,
    );
  });

  it('no released offers yet: says so', async () => {
    mockFetch((c) =>
      c.url.startsWith('/api/offer/compare') ? { body: { enquiry: { ...makeEnquiry() }, offers: [] } } : undefined,
    );
    render();
    expect(
      await screen.findByText('Zu dieser Anfrage liegen noch keine freigegebenen Angebote vor.'),
    ).toBeInTheDocument();
  });

  it('sortOffers: ties by supplier name', () => {
    const same = [
      compared({ id: 'x', supplierName: 'Zeta', price: 1 }),
      compared({ id: 'y', supplierName: 'Alpha', price: 1 }),
    ];
    expect(sortOffers(same, 'price').map((o) => o.supplierName)).toEqual(['Alpha', 'Zeta']);
  });
});
