import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockCall } from '@/testing/fetch-mock';
import { mockFetch } from '@/testing/fetch-mock';
import { preloadAppSlots, renderPage } from '@/testing/render';
import type { OfferWithOutdated } from '../api/get-offer';
import { customerUser, makeEnquiry, makeOffer, makeTerms, offerFile, supplierUser } from '@/testing/offer-fixtures';
import { OfferFormPage } from './offer-form-page';

// the documents section is another feature's panel (lib/slots): its code loaded up front, as the page would show it
beforeAll(preloadAppSlots);

function api(offer: OfferWithOutdated = makeOffer(), enquiry = makeEnquiry()) {
  return mockFetch((c: MockCall) => {
    if (c.url === '/api/enquiry/?id=e1') return { body: enquiry };
    if (c.url === `/api/offer/?id=${offer.id}`) return { body: offer };
    if (c.url.startsWith('/api/file/names')) return { body: [offerFile('Angebot.pdf', 'OFFER')] };
    if (c.url === '/api/offer/' && c.method === 'POST')
      return { status: 201, body: makeOffer({ id: 'o9', ...(c.body as object) }) };
    if (c.url === '/api/offer/update' && c.method === 'POST') return { body: { ...offer, ...(c.body as object) } };
    return undefined;
  });
}

const renderNew = (user = supplierUser) =>
  renderPage(<OfferFormPage />, { user, route: '/offer/new/e1', path: '/offer/new/:enquiryId' });
const renderOffer = (user = supplierUser, route = '/offer/o1', path = '/offer/:id') =>
  renderPage(<OfferFormPage />, { user, route, path });

describe('OfferFormPage', () => {
  it('new: the enquiry fields copied with the original beside each, offer number and price required', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderNew();
    expect(await screen.findByRole('heading', { name: 'Angebot erstellen' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Referenznummer/)).toHaveValue('REF-1'));
    expect(screen.getByTestId('original-referenceNumber')).toHaveTextContent('Anfrage: REF-1');
    expect(screen.getByTestId('original-deliveryCondition')).toHaveTextContent(
      'Anfrage: DAP – geliefert benannter Ort',
    );
    expect(screen.getByTestId('original-desiredDeliveryDate')).toHaveTextContent('Anfrage: 01.03.2027');
    expect(screen.getByTestId('original-amount')).toHaveTextContent('Anfrage: 2');
    expect(screen.getByTestId('original-packaging')).toHaveTextContent('Anfrage:');
    // the customer's text: disabled once an original exists; the supplier's own text is editable
    expect(screen.getByLabelText('Zusätzliche Informationen des Kunden')).toBeDisabled();
    expect(screen.getByLabelText('Zusätzliche Informationen des Kunden')).toHaveValue('Bitte RAL 7035.');
    expect(screen.getByLabelText('Zusätzliche Informationen des Lieferanten')).toBeEnabled();
    expect(screen.getByText('Keine Abweichungen von der Anfrage.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findAllByText('Pflichtfeld')).toHaveLength(2);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText(/Angebotsnummer/), 'A-777');
    await user.type(screen.getByLabelText(/Preis/), '1234,5');
    await user.tab();
    expect(screen.getByLabelText(/Preis/)).toHaveValue('1.234,50');
    expect(screen.getByText('1.234,50 €')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Referenznummer/));
    await user.type(screen.getByLabelText(/Referenznummer/), 'REF-1-W');
    expect(
      within(screen.getByTestId('deviations')).getByText('Referenznummer: REF-1-W (Anfrage: REF-1)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/offer/o9'));
    const body = calls.find((c) => c.url === '/api/offer/' && c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ enquiryId: 'e1', offerNumber: 'A-777', price: 1234.5, referenceNumber: 'REF-1-W' });
    // server-set and not-carried-over fields are never sent
    for (const key of ['title', 'customerId', 'released', 'closed', 'archived', 'state', 'version', 'additionalInfo'])
      expect(body).not.toHaveProperty(key);
  });

  it('price: negative and fractions of a cent are refused', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderNew();
    await waitFor(() => expect(screen.getByLabelText(/Referenznummer/)).toHaveValue('REF-1'));
    await user.type(screen.getByLabelText(/Angebotsnummer/), 'A-1');
    await user.type(screen.getByLabelText(/Preis/), '-5');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der Wert ist zu klein.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Preis/));
    await user.type(screen.getByLabelText(/Preis/), '1,234');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Höchstens zwei Nachkommastellen (Cent).')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a customer cannot draft an offer', async () => {
    api();
    renderNew(customerUser);
    expect(await screen.findByText('Sie dürfen kein Angebot zu dieser Anfrage erstellen.')).toBeInTheDocument();
  });

  it('draft: editable per canEditOffer, version line, documents with the supplier types, release button', async () => {
    api(makeOffer({ price: 99.9 }));
    renderOffer();
    expect(await screen.findByRole('heading', { name: 'Angebot bearbeiten' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Preis/)).toHaveValue('99,90'));
    expect(screen.getByText('Version 1')).toBeInTheDocument();
    expect(screen.getByText('Kalkuliert auf Stückliste Revision 1, Schaltplan Revision 1')).toBeInTheDocument();
    expect(screen.getByLabelText(/Angebotsnummer/)).toBeEnabled();
    expect(screen.getByTestId('offer-condition-packaging').querySelector('input')).not.toBeDisabled();
    expect(screen.getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
    expect(await screen.findByText('Angebot.pdf')).toBeInTheDocument();
    expect(screen.getByTestId('dropzone')).toBeInTheDocument();
  });

  it('released, revised, outdated: read only, links to the other versions, veraltet marker', async () => {
    const offer = makeOffer({
      released: true,
      version: 2,
      previousOfferId: 'o0',
      nextOfferId: 'o3',
      invalidated: true,
      outdated: true,
      original: makeTerms({ packaging: 'WOODEN_BOX' }),
    });
    api(offer);
    renderOffer();
    expect(await screen.findByRole('heading', { name: 'Angebot ansehen' })).toBeInTheDocument();
    // read, not edited: no input at all
    expect(screen.queryByLabelText(/Angebotsnummer/)).not.toBeInTheDocument();
    expect(screen.getByTestId('fact-offerNumber')).toHaveTextContent('A-100');
    expect(screen.getByTestId('outdated')).toHaveTextContent('veraltet');
    expect(screen.getByRole('link', { name: 'Vorherige Version' })).toHaveAttribute('href', '/offer/o0');
    expect(screen.getByRole('link', { name: 'Neuere Version' })).toHaveAttribute('href', '/offer/o3');
    expect(screen.getByText('Dieses Angebot wurde durch eine neuere Version ersetzt.')).toBeInTheDocument();
    expect(within(screen.getByTestId('deviations')).getByText(/^Verpackung:/)).toHaveTextContent(
      'Verpackung: Eurobox (Anfrage: Holzkiste)',
    );
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Überarbeiten' })).not.toBeInTheDocument();
  });

  it('customer on /order/:id: accepted offer read only, the customer uploads order documents', async () => {
    api(makeOffer({ released: true, state: 'ACCEPTED' }));
    renderOffer(customerUser, '/order/o1', '/order/:id');
    expect(await screen.findByRole('heading', { name: 'Angebot ansehen' })).toBeInTheDocument();
    expect(screen.getByTestId('state-ACCEPTED')).toHaveTextContent('Angenommen');
    expect(screen.queryByRole('button', { name: /Annehmen|Ablehnen|Bestätigen/ })).not.toBeInTheDocument();
    const types = screen.getByLabelText('Dokumentart');
    await userEvent.setup({ delay: null }).click(types);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Bestellung',
      'Rechtsdokument',
      'Sonstiges',
    ]);
  });

  it('the customer reads a released offer: price, supplier, date, version, deviations and the decision at the top', async () => {
    const user = userEvent.setup({ delay: null });
    const offer = makeOffer({
      released: true,
      releaseDate: new Date('2026-11-04T09:30:00Z'),
      price: 12345.67,
      desiredDeliveryDate: '2027-03-15',
      packaging: 'WOODEN_BOX',
      packagingIndividual: undefined,
    });
    api(offer);
    renderOffer(customerUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'Angebot ansehen' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-price').textContent?.replace(/\s/g, ' ')).toBe('12.345,67 €');
    expect(screen.getByTestId('fact-supplierName')).toHaveTextContent('Weber Schaltanlagen');
    expect(screen.getByTestId('fact-desiredDeliveryDate')).toHaveTextContent('15.03.2027');
    expect(screen.getByTestId('fact-version')).toHaveTextContent('1');
    expect(within(screen.getByTestId('offer-info')).getByTestId('state-OPEN')).toBeInTheDocument();
    const deviations = within(screen.getByTestId('deviations'));
    expect(deviations.getByText('Wunschliefertermin: 15.03.2027 (Anfrage: 01.03.2027)')).toBeInTheDocument();
    expect(deviations.getByText('Verpackung: Holzkiste (Anfrage: Eurobox)')).toBeInTheDocument();
    // the conditions as a readable list, the enquiry's value noted where the offer deviates
    expect(screen.getByTestId('fact-packaging')).toHaveTextContent('Holzkiste');
    expect(screen.getByTestId('fact-packaging')).toHaveTextContent('Anfrage: Eurobox');
    expect(screen.getByTestId('fact-regulation')).not.toHaveTextContent('Anfrage:');
    const record = within(screen.getByTestId('record-main'));
    expect(record.queryAllByRole('textbox')).toHaveLength(0);
    expect(record.queryAllByRole('combobox')).toHaveLength(0);
    // the actions of the transition table, in the summary's action bar
    const actions = within(screen.getByRole('toolbar', { name: 'Aktionen' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Annehmen', 'Ablehnen']);
    await user.click(actions.getByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByRole('dialog', { name: 'Angebot annehmen' })).toBeInTheDocument();
  });

  it('the supplier reads his released offer: the customer as counterparty, his actions in the bar', async () => {
    api(makeOffer({ released: true }));
    renderOffer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Angebot ansehen' })).toBeInTheDocument();
    expect(screen.getByTestId('fact-customerName')).toHaveTextContent('Müller GmbH');
    expect(screen.queryByTestId('fact-supplierName')).not.toBeInTheDocument();
    const actions = within(screen.getByRole('toolbar', { name: 'Aktionen' }));
    expect(actions.queryByRole('button', { name: 'Annehmen' })).not.toBeInTheDocument();
    expect(actions.getByRole('button', { name: 'Überarbeiten' })).toBeInTheDocument();
  });

  it('an enquiry withdrawn by the customer: chip and notice, no accept', async () => {
    api(makeOffer({ released: true, enquiryStanding: 'reopened' }));
    renderOffer(customerUser);
    expect(await screen.findByTestId('standing-reopened')).toHaveTextContent('Anfrage zurückgezogen');
    expect(screen.getByTestId('standing-notice')).toHaveTextContent('Anfrage zurückgezogen');
    expect(screen.queryByRole('button', { name: 'Annehmen' })).not.toBeInTheDocument();
  });

  it('an enquiry archived, or closed by another order while this offer is open: said so; its own order: nothing', async () => {
    api(makeOffer({ released: true, enquiryStanding: 'archived' }));
    const first = renderOffer(customerUser);
    expect(await screen.findByTestId('standing-notice')).toHaveTextContent('Anfrage archiviert');
    first.unmount();

    api(makeOffer({ released: true, enquiryStanding: 'closed' }));
    const second = renderOffer(customerUser);
    expect(await screen.findByTestId('standing-notice')).toHaveTextContent('Anfrage abgeschlossen');
    expect(screen.getByTestId('standing-closed')).toBeInTheDocument();
    second.unmount();

    api(makeOffer({ released: true, enquiryStanding: 'closed', state: 'ACCEPTED' }));
    renderOffer(customerUser, '/order/o1', '/order/:id');
    expect(await screen.findByTestId('state-ACCEPTED')).toBeInTheDocument();
    expect(screen.queryByTestId('standing-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('standing-closed')).not.toBeInTheDocument();
  });

  it('a job whose enquiry the customer archived: no notice (issue 32: only a confirmed order lets it be archived)', async () => {
    api(makeOffer({ released: true, enquiryStanding: 'archived', state: 'CONFIRMED' }));
    renderOffer(supplierUser, '/job/o1', '/job/:id');
    expect(await screen.findByTestId('state-CONFIRMED')).toBeInTheDocument();
    expect(screen.queryByTestId('standing-notice')).not.toBeInTheDocument();
  });

  it('an unknown or hidden offer says so', async () => {
    mockFetch(() => undefined);
    renderOffer();
    expect(
      await screen.findByText('Das Angebot wurde nicht gefunden oder Sie haben keinen Zugriff darauf.'),
    ).toBeInTheDocument();
  });
});
