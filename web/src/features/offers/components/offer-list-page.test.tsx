import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { asPhone } from '@/testing/phone';
import { answerPage } from '@/testing/page-server';
import { renderPage } from '@/testing/render';
import type { OfferListItem } from '../api/offer-types';
import { customerUser, listItemOf, makeOffer, supplierUser } from '@/testing/offer-fixtures';
import { JobsListPage, OffersListPage, OrdersListPage } from './offer-list-page';

const rows: OfferListItem[] = [
  listItemOf(makeOffer({ id: 'a', offerNumber: 'A-1', referenceNumber: 'NORD-1', released: true })),
  listItemOf(
    makeOffer({
      id: 'b',
      offerNumber: 'A-2',
      referenceNumber: 'SUED-2',
      state: 'DECLINED',
      released: true,
      releaseDate: new Date('2026-11-05T08:00:00Z'),
    }),
  ),
  listItemOf(
    makeOffer({ id: 'c', offerNumber: 'A-3', referenceNumber: 'OST-3', archived: true, enquiryStanding: 'reopened' }),
  ),
  listItemOf(makeOffer({ id: 'd', offerNumber: 'B-1', state: 'ACCEPTED', released: true })),
  listItemOf(makeOffer({ id: 'e', offerNumber: 'C-1', state: 'CONFIRMED', released: true })),
];

/** GET /offer/filter answered like the server: the states filter, the reference-number search, sort, page. */
function api(failing: string[] = []) {
  return mockFetch((c) => {
    if (c.url.startsWith('/api/offer/filter?')) {
      const states = new URL(c.url, 'http://x').searchParams.get('states')!.split(',');
      const url = c.url.replace(/([?&])referenceNumber=/, '$1search=');
      return answerPage(
        url,
        rows.filter((r) => states.includes(r.state)),
        {
          searchText: (o) => o.referenceNumber,
          columns: { offerNumber: (o) => o.offerNumber, referenceNumber: (o) => o.referenceNumber },
        },
      );
    }
    const archive = /^\/api\/offer\/archive\?offerId=(\w+)$/.exec(c.url);
    if (archive && c.method === 'POST')
      return failing.includes(archive[1])
        ? { status: 409, body: { code: 'invalidTransition', message: 'x' } }
        : { body: makeOffer({ id: archive[1], archived: true }) };
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

const filterCalls = (calls: ReturnType<typeof api>) => calls.filter((c) => c.url.startsWith('/api/offer/filter'));
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('OfferListPage', () => {
  it('supplier /offer: OPEN and DECLINED, the customer column, state and tag in German', async () => {
    const calls = api();
    renderPage(<OffersListPage />, { user: supplierUser });
    expect(await screen.findByRole('heading', { name: 'Angebote' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(3));
    const query = new URL(filterCalls(calls)[0].url, 'http://x').searchParams;
    expect(query.get('states')).toBe('OPEN,DECLINED');
    expect(query.get('paginationSize')).toBe('15');
    expect(query.get('sortDescending')).toBe('true');
    expect(headers()).toEqual(
      expect.arrayContaining(['Angebotsnummer', 'Referenznummer', 'Kunde', 'Freigegeben am', 'Status', 'Freigabe']),
    );
    expect(headers()).not.toContain('Lieferant');
    expect(screen.getAllByTestId('state-OPEN')[0]).toHaveTextContent('Offen');
    expect(screen.getByTestId('state-DECLINED')).toHaveTextContent('Abgelehnt');
    expect(screen.getByTestId('state-DECLINED')).toHaveStyle({ backgroundColor: '#C5102C' });
    expect(screen.getByTestId('tag-archived')).toHaveTextContent('Archiviert');
    expect(screen.getAllByTestId('tag-released')[0]).toHaveTextContent('Freigegeben');
    expect(screen.getAllByText('Müller GmbH').length).toBeGreaterThan(0);
  });

  it('customer /order: ACCEPTED only, the supplier column, no selection', async () => {
    const calls = api();
    renderPage(<OrdersListPage />, { user: customerUser });
    expect(await screen.findByRole('heading', { name: 'Aufträge' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(1));
    expect(new URL(filterCalls(calls)[0].url, 'http://x').searchParams.get('states')).toBe('ACCEPTED');
    expect(headers()).toContain('Lieferant');
    expect(headers()).not.toContain('Kunde');
    expect(screen.getByText('Weber Schaltanlagen')).toBeInTheDocument();
    expect(screen.getByTestId('state-ACCEPTED')).toHaveTextContent('Angenommen');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('/job: the running jobs (CONFIRMED, DELIVERED), display opens /job/{id}', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<JobsListPage />, { user: supplierUser });
    expect(await screen.findByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(1));
    expect(new URL(filterCalls(calls)[0].url, 'http://x').searchParams.get('states')).toBe('CONFIRMED,DELIVERED');
    expect(screen.getByTestId('state-CONFIRMED')).toHaveTextContent('Bestätigt');
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/job/e');
  });

  it('/job: finished and cancelled jobs by the state filter; all ticked asks for every job state', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<JobsListPage />, { user: customerUser });
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Nach Status filtern' }));
    const dialog = await screen.findByRole('dialog');
    // the running ones are ticked at first
    expect(within(dialog).getByRole('checkbox', { name: 'Bestätigt' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Geliefert' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Storniert' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bestätigt' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Geliefert' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Abgeschlossen' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Storniert' }));
    await user.click(within(dialog).getByRole('button', { name: 'Anwenden' }));
    await waitFor(() =>
      expect(new URL(filterCalls(calls).at(-1)!.url, 'http://x').searchParams.get('states')).toBe('FINISHED,CANCELLED'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Nach Status filtern' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Alle' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Anwenden' }));
    await waitFor(() =>
      expect(new URL(filterCalls(calls).at(-1)!.url, 'http://x').searchParams.get('states')).toBe(
        'CONFIRMED,DELIVERED,FINISHED,CANCELLED',
      ),
    );
  });

  it('reference-number search and sort go to the server', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<OffersListPage />, { user: supplierUser });
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(3));
    await user.type(screen.getByLabelText('Suche'), 'SUED');
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(1));
    expect(filterCalls(calls).at(-1)!.url).toContain('referenceNumber=SUED');
    await user.clear(screen.getByLabelText('Suche'));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Angebotsnummer' }));
    await waitFor(() => expect(filterCalls(calls).at(-1)!.url).toContain('column=offerNumber'));
    // not a server column: not sortable
    expect(screen.queryByRole('button', { name: 'Kunde' })).not.toBeInTheDocument();
  });

  it('supplier bulk archive: success notice only when every call succeeded', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api(['b']);
    renderPage(<OffersListPage />, { user: supplierUser });
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Alle auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Archivieren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Nicht alle Angebote konnten archiviert werden.')).toBeInTheDocument();
    expect(screen.queryByText('Die Angebote wurden archiviert.')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/offer/archive')).map((c) => c.url)).toHaveLength(3);
  });

  it('empty list says so', async () => {
    mockFetch((c) => (c.url.startsWith('/api/offer/filter') ? { body: { content: [], totalElements: 0 } } : undefined));
    renderPage(<JobsListPage />, { user: customerUser });
    expect(await screen.findByText('Keine Jobs vorhanden.')).toBeInTheDocument();
  });

  it('where the enquiry stands: a chip when it matters (withdrawn), none while it is open', async () => {
    api();
    renderPage(<OffersListPage />, { user: supplierUser });
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(3));
    expect(headers()).toContain('Stand der Anfrage');
    const row = screen.getAllByTestId('list-row').find((r) => r.textContent?.includes('A-3'))!;
    expect(within(row).getByTestId('standing-reopened')).toHaveTextContent('Anfrage zurückgezogen');
    expect(screen.getAllByTestId(/^standing-/)).toHaveLength(1);
  });

  it("export: every offer of the view from the server (POST /offer/export), the table's columns and code texts", async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    const exports: unknown[] = [];
    const fetchMock = globalThis.fetch as unknown as (input: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      if (input === '/api/offer/export') {
        exports.push(JSON.parse(init.body as string));
        return new Response('\uFEFF"Angebotsnummer"\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="angebote.csv"' },
        });
      }
      return fetchMock(input, init);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<OffersListPage />, { user: supplierUser });
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(3));
    await user.type(screen.getByLabelText('Suche'), 'SUED');
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exports).toEqual([
      {
        fileName: 'angebote',
        // the list's default sort (the server's createDate) descending, as on screen
        query: { sortDescending: true, referenceNumber: 'SUED', states: ['OPEN', 'DECLINED'] },
        columns: [
          { key: 'offerNumber', label: 'Angebotsnummer' },
          { key: 'referenceNumber', label: 'Referenznummer' },
          { key: 'customerName', label: 'Kunde' },
          { key: 'releaseDate', label: 'Freigegeben am' },
          {
            key: 'state',
            label: 'Status',
            values: {
              OPEN: 'Offen',
              DECLINED: 'Abgelehnt',
              ACCEPTED: 'Angenommen',
              CONFIRMED: 'Bestätigt',
              DELIVERED: 'Geliefert',
              FINISHED: 'Abgeschlossen',
              CANCELLED: 'Storniert',
              LAPSED: 'Verfallen',
            },
          },
          {
            key: 'tag',
            label: 'Freigabe',
            values: { archived: 'Archiviert', released: 'Freigegeben', draft: 'Entwurf' },
          },
          {
            key: 'enquiryStanding',
            label: 'Stand der Anfrage',
            values: {
              open: '',
              reopened: 'Anfrage zurückgezogen',
              archived: 'Anfrage archiviert',
              closed: 'Anfrage abgeschlossen',
            },
          },
        ],
      },
    ]);
    expect(calls.filter((c) => c.url.startsWith('/api/offer/filter')).length).toBeGreaterThan(0);
  });

  it('on a phone: each offer is a card with its number, state and "Anzeigen"', async () => {
    asPhone();
    const user = userEvent.setup({ delay: null });
    api();
    renderPage(<OffersListPage />, { user: customerUser });
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(3));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getAllByTestId('list-row').find((r) => r.textContent?.includes('A-2'))!);
    expect(card.getByTestId('card-title')).toHaveTextContent('A-2');
    expect(within(card.getByTestId('card-state')).getByTestId('state-DECLINED')).toHaveTextContent('Abgelehnt');
    expect(card.getByTestId('fact-supplierName')).toHaveTextContent('Weber Schaltanlagen');
    // an empty value says nothing: no line for where an open enquiry stands
    expect(card.queryByTestId('fact-enquiryStanding')).not.toBeInTheDocument();
    const withdrawn = within(screen.getAllByTestId('list-row').find((r) => r.textContent?.includes('A-3'))!);
    expect(withdrawn.getByTestId('fact-enquiryStanding')).toHaveTextContent('Anfrage zurückgezogen');
    await user.click(card.getByRole('button', { name: 'Anzeigen' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/offer/b');
  });
});
