import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OfferState } from '@model/offer-states';
import { LazyPdfViewer } from '@/components/pdf-viewer';
import { principalOf } from '@/lib/current-user/principal';
import { mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { customerUser, makeOffer, offerFact, otherSupplierUser, supplierUser } from '@/testing/offer-fixtures';
import { OfferActions } from './offer-actions';

// the viewer's engine is the stand-in of testing/setup-tests.ts, which reads the page count from the bytes

beforeAll(() => LazyPdfViewer.preload());

const ACTION_LABELS = [
  'Freigeben',
  'Annehmen',
  'Ablehnen',
  'Bestätigen',
  'Überarbeiten',
  'Archivieren',
  'Als geliefert melden',
  'Auftrag abschließen',
  'Auftrag stornieren',
];

function renderActions(user: typeof customerUser, offer = makeOffer()) {
  return renderPage(<OfferActions offer={offer} caller={principalOf(user)} />, { user, route: '/offer/o1' });
}

const shown = () =>
  screen
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((name) => ACTION_LABELS.includes(name ?? ''));

/** The answers of the offer's calls (the documents are the record's: `makeOffer({ documents })`). */
function api(answers: { state?: OfferState; status?: number; code?: string } = {}) {
  return mockFetch((c) => {
    if (answers.status) return { status: answers.status, body: { code: answers.code, message: 'x' } };
    if (c.url.startsWith('/api/offer/statechange?'))
      return { body: makeOffer({ released: true, state: answers.state ?? 'ACCEPTED' }) };
    if (c.url === '/api/offer/release?offerId=o1') return { body: makeOffer({ released: true }) };
    if (c.url === '/api/offer/revision?offerId=o1')
      return { status: 201, body: makeOffer({ id: 'o2', version: 2, previousOfferId: 'o1' }) };
    if (c.url === '/api/offer/archive?offerId=o1') return { body: makeOffer({ archived: true }) };
    return undefined;
  });
}

const actionCalls = (calls: ReturnType<typeof api>) => calls.filter((c) => !c.url.startsWith('/api/file/'));

describe('OfferActions: the buttons of the transition table', () => {
  // spec 01 §4 "Who may act in which state" and docs/decisions-offers.md (CONFIRMED: no further change;
  // orders and jobs are not archived; an archived or invalidated offer takes no action)
  const cases: Array<[string, typeof customerUser, Partial<ReturnType<typeof makeOffer>>, string[]]> = [
    ['supplier, OPEN draft', supplierUser, { state: 'OPEN', released: false }, ['Freigeben', 'Archivieren']],
    ['supplier, OPEN released', supplierUser, { state: 'OPEN', released: true }, ['Überarbeiten', 'Archivieren']],
    ['supplier, DECLINED', supplierUser, { state: 'DECLINED', released: true }, ['Überarbeiten', 'Archivieren']],
    ['supplier, ACCEPTED', supplierUser, { state: 'ACCEPTED', released: true }, ['Bestätigen']],
    ['supplier, CONFIRMED', supplierUser, { state: 'CONFIRMED', released: true }, ['Als geliefert melden']],
    ['supplier, DELIVERED', supplierUser, { state: 'DELIVERED', released: true }, []],
    ['supplier, LAPSED', supplierUser, { state: 'LAPSED', released: true }, []],
    ['supplier, archived OPEN', supplierUser, { state: 'OPEN', released: true, archived: true }, []],
    ['supplier, invalidated DECLINED', supplierUser, { state: 'DECLINED', released: true, invalidated: true }, []],
    ['customer, OPEN released', customerUser, { state: 'OPEN', released: true }, ['Annehmen', 'Ablehnen']],
    ['customer, OPEN draft', customerUser, { state: 'OPEN', released: false }, []],
    ['customer, DECLINED', customerUser, { state: 'DECLINED', released: true }, []],
    ['customer, ACCEPTED', customerUser, { state: 'ACCEPTED', released: true }, []],
    [
      'customer, CONFIRMED',
      customerUser,
      { state: 'CONFIRMED', released: true },
      ['Auftrag abschließen', 'Auftrag stornieren'],
    ],
    ['customer, DELIVERED', customerUser, { state: 'DELIVERED', released: true }, ['Auftrag abschließen']],
    ['customer, FINISHED', customerUser, { state: 'FINISHED', released: true }, []],
    ['customer, CANCELLED', customerUser, { state: 'CANCELLED', released: true }, []],
    ['customer, LAPSED', customerUser, { state: 'LAPSED', released: true }, []],
    ['other supplier, OPEN draft', otherSupplierUser, { state: 'OPEN', released: false }, []],
    ['other supplier, ACCEPTED', otherSupplierUser, { state: 'ACCEPTED', released: true }, []],
  ];
  it.each(cases)('%s', (_name, user, overrides, expected) => {
    api();
    renderActions(user, makeOffer(overrides));
    expect(shown()).toEqual(expected);
  });
});

describe('OfferActions: preconditions, calls and navigation', () => {
  it('release without an offer PDF (a .docx is no PDF) warns and calls nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderActions(supplierUser, makeOffer({ documents: [offerFact('Angebot.docx', 'UNKNOWN', 'supplier')] }));
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText(/Für die Freigabe fehlt das Angebot als PDF/)).toBeInTheDocument();
    expect(actionCalls(calls)).toEqual([]);
  });

  it('release with the offer PDF calls POST /offer/release', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderActions(supplierUser, makeOffer({ documents: [offerFact('Angebot.pdf', 'OFFER', 'supplier')] }));
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Das Angebot wurde freigegeben.')).toBeInTheDocument();
    expect(actionCalls(calls).map((c) => [c.method, c.url])).toEqual([['POST', '/api/offer/release?offerId=o1']]);
  });

  it("the server's 422 missingOfferFile is shown as the same warning", async () => {
    const user = userEvent.setup({ delay: null });
    api({ status: 422, code: 'missingOfferFile' });
    renderActions(supplierUser, makeOffer({ documents: [offerFact('Angebot.pdf', 'OFFER', 'supplier')] }));
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText(/Für die Freigabe fehlt das Angebot als PDF/)).toBeInTheDocument();
  });

  it('accept without an order PDF: the dialog warns, offers the upload, and nothing is called', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderActions(
      customerUser,
      makeOffer({ released: true, documents: [offerFact('Angebot.pdf', 'OFFER', 'supplier')] }),
    );
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Für die Annahme fehlt die Bestellung/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('dropzone')).toBeInTheDocument();
    // the text asks for the order as PDF, and the upload takes only that
    expect(within(dialog).getByText(/Bitte laden Sie Ihre Bestellung als PDF hoch/)).toBeInTheDocument();
    expect(within(dialog).getByText('Erlaubte Formate: pdf · unter 10 MB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annehmen' }));
    await waitFor(() => expect(screen.getAllByText(/Für die Annahme fehlt die Bestellung/).length).toBeGreaterThan(1));
    expect(actionCalls(calls)).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent('/offer/o1');
  });

  it('accept with the order PDF: POST /offer/statechange?state=ACCEPTED, then the order list', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderActions(
      customerUser,
      makeOffer({ released: true, documents: [offerFact('Bestellung.pdf', 'ORDER', 'customer')] }),
    );
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Bestellung vorhanden: Bestellung.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annehmen' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/order$/));
    expect(actionCalls(calls).map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/offer/statechange?offerId=o1&state=ACCEPTED'],
    ]);
  });

  it('accept: the attached order PDF can be read in the viewer first (GET /file/ of the offer documents)', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) =>
      c.url.startsWith('/api/file/?')
        ? { raw: '%PDF-1.7 /Pages 2', headers: { 'Content-Type': 'application/pdf' } }
        : undefined,
    );
    renderActions(
      customerUser,
      makeOffer({ released: true, documents: [offerFact('Bestellung.pdf', 'ORDER', 'customer')] }),
    );
    await user.click(screen.getByRole('button', { name: 'Annehmen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ansehen' }));
    const viewer = await screen.findByRole('dialog', { name: 'Bestellung.pdf' });
    expect(await within(viewer).findByText('Seite 1 von 2')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/file/?path=offers%2Fo1%2Fdocuments%2FBestellung.pdf']);
    await user.click(within(viewer).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bestellung.pdf' })).not.toBeInTheDocument());
    // back at the decision
    expect(screen.getByRole('dialog')).toHaveTextContent('Bestellung vorhanden: Bestellung.pdf');
  });

  it('confirm with the order-confirmation PDF, then the job list; without it a warning', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({ state: 'CONFIRMED' });
    renderActions(
      supplierUser,
      makeOffer({
        released: true,
        state: 'ACCEPTED',
        documents: [offerFact('AB.pdf', 'ORDER_CONFIRMATION', 'supplier')],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Auftragsbestätigung vorhanden: AB.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/job$/));
    expect(actionCalls(calls).map((c) => c.url)).toEqual(['/api/offer/statechange?offerId=o1&state=CONFIRMED']);
  });

  it('confirm without the order-confirmation PDF warns and stays', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderActions(
      supplierUser,
      makeOffer({ released: true, state: 'ACCEPTED', documents: [offerFact('Bestellung.pdf', 'ORDER', 'customer')] }),
    );
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Für die Bestätigung fehlt die Auftragsbestätigung/);
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(screen.getAllByText(/Für die Bestätigung fehlt/).length).toBeGreaterThan(1));
    expect(actionCalls(calls)).toEqual([]);
  });

  it('decline: a reason is required, INDIVIDUAL needs its text; then the order list', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({ state: 'DECLINED' });
    renderActions(customerUser, makeOffer({ released: true }));
    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Pflichtfeld')).toBeInTheDocument();
    expect(actionCalls(calls)).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: /Ablehnungsgrund/ }));
    await user.click(await screen.findByRole('option', { name: 'Individuell' }));
    expect(within(dialog).getByLabelText(/Begründung/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(dialog).findByText('Pflichtfeld')).toBeInTheDocument();
    expect(actionCalls(calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Begründung/), 'Zu spät');
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/order$/));
    expect(actionCalls(calls)[0].method).toBe('POST');
    const url = new URL(actionCalls(calls)[0].url, 'http://x');
    expect(url.pathname).toBe('/api/offer/statechange');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      offerId: 'o1',
      state: 'DECLINED',
      rejectionReason: 'INDIVIDUAL',
      rejectionReasonIndividual: 'Zu spät',
    });
  });

  it('decline with a listed reason sends no free text', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({ state: 'DECLINED' });
    renderActions(customerUser, makeOffer({ released: true }));
    await user.click(screen.getByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /Ablehnungsgrund/ }));
    await user.click(await screen.findByRole('option', { name: 'Preis entspricht nicht den Erwartungen' }));
    expect(within(dialog).queryByLabelText(/Begründung/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/order$/));
    expect(actionCalls(calls)[0].url).toBe(
      '/api/offer/statechange?offerId=o1&state=DECLINED&rejectionReason=PRICE_NOT_AS_EXPECTED',
    );
  });

  it('revise asks first, then opens the new version', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderActions(supplierUser, makeOffer({ released: true, state: 'DECLINED' }));
    await user.click(screen.getByRole('button', { name: 'Überarbeiten' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/offer/o2'));
    expect(await screen.findByText('Version 2 des Angebots wurde angelegt.')).toBeInTheDocument();
    expect(actionCalls(calls).map((c) => [c.method, c.url])).toEqual([['POST', '/api/offer/revision?offerId=o1']]);
  });

  it('archive asks first; No calls nothing, Yes archives', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderActions(supplierUser);
    await user.click(screen.getByRole('button', { name: 'Archivieren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Nein' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actionCalls(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Archivieren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Das Angebot wurde archiviert.')).toBeInTheDocument();
    expect(actionCalls(calls).map((c) => [c.method, c.url])).toEqual([['POST', '/api/offer/archive?offerId=o1']]);
  });
});

describe('OfferActions: a job ends (issue 32)', () => {
  it('the supplier reports the job delivered after confirming: POST statechange?state=DELIVERED, stays on the job', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({ state: 'DELIVERED' });
    renderActions(supplierUser, makeOffer({ state: 'CONFIRMED', released: true }));
    await user.click(screen.getByRole('button', { name: 'Als geliefert melden' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/als geliefert gemeldet werden\? Der Kunde wird benachrichtigt/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Der Auftrag wurde als geliefert gemeldet.')).toBeInTheDocument();
    expect(actionCalls(calls).map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/offer/statechange?offerId=o1&state=DELIVERED'],
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/job/o1'));
  });

  it('the customer finishes a delivered job (confirmed first)', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({ state: 'FINISHED' });
    renderActions(customerUser, makeOffer({ state: 'DELIVERED', released: true }));
    await user.click(screen.getByRole('button', { name: 'Auftrag abschließen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Der Auftrag wurde abgeschlossen.')).toBeInTheDocument();
    expect(actionCalls(calls).map((c) => c.url)).toEqual(['/api/offer/statechange?offerId=o1&state=FINISHED']);
  });

  it('cancel asks for the reason (Pflichtfeld) and sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api({ state: 'CANCELLED' });
    renderActions(customerUser, makeOffer({ state: 'CONFIRMED', released: true }));
    await user.click(screen.getByRole('button', { name: 'Auftrag stornieren' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Auftrag stornieren' }));
    expect(await within(dialog).findByText('Pflichtfeld')).toBeInTheDocument();
    expect(actionCalls(calls)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Stornierungsgrund/ }), 'Projekt gestoppt');
    await user.click(within(dialog).getByRole('button', { name: 'Auftrag stornieren' }));
    expect(await screen.findByText('Der Auftrag wurde storniert.')).toBeInTheDocument();
    expect(actionCalls(calls).map((c) => c.url)).toEqual([
      '/api/offer/statechange?offerId=o1&state=CANCELLED&cancellationReason=Projekt+gestoppt',
    ]);
  });
});
