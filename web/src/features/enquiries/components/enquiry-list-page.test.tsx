import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EnquiryListItem } from '@model/enquiry';
import { mockFetch } from '@/testing/fetch-mock';
import { answerPage } from '@/testing/page-server';
import { renderPage } from '@/testing/render';
import { customerUser, listItemOf, makeEnquiry, supplierUser } from '@/testing/enquiry-fixtures';
import { EnquiryListPage } from './enquiry-list-page';

const rows: EnquiryListItem[] = [
  listItemOf(makeEnquiry({ id: 'a', title: 'Anlage Nord', createDate: new Date('2026-10-01T08:00:00Z') })),
  listItemOf(
    makeEnquiry({
      id: 'b',
      title: 'Brücke Süd',
      referenceNumber: 'REF-2',
      released: true,
      releaseDate: new Date('2026-10-05T08:00:00Z'),
      createDate: new Date('2026-10-03T08:00:00Z'),
    }),
  ),
  // closed by an order the supplier confirmed: the customer may archive it
  listItemOf(
    makeEnquiry({
      id: 'c',
      title: 'Chemiepark',
      released: true,
      closed: true,
      order: { offerId: 'o1', supplierId: 's1', confirmed: true },
      createDate: new Date('2026-10-02T08:00:00Z'),
    }),
  ),
  listItemOf(makeEnquiry({ id: 'd', title: 'Depot', archived: true, createDate: new Date('2026-09-01T08:00:00Z') })),
];

/** GET /enquiry/filter answered like the server (title search, sort, page); archive fails for `failing` ids. */
function api(list: EnquiryListItem[] = rows, failing: string[] = []) {
  return mockFetch((c) => {
    if (c.url.startsWith('/api/enquiry/filter?')) {
      // the list sends its search box as `title`; the page server matches `search`
      const url = c.url.replace(/([?&])title=/, '$1search=');
      return answerPage(url, list, {
        searchText: (e) => e.title,
        columns: {
          createDate: (e) => e.createDate,
          title: (e) => e.title,
          referenceNumber: (e) => e.referenceNumber,
          releaseDate: (e) => e.releaseDate,
        },
      });
    }
    const archive = /^\/api\/enquiry\/archive\?enquiryId=(\w+)$/.exec(c.url);
    if (archive && c.method === 'POST')
      return failing.includes(archive[1])
        ? { status: 404, body: { code: 'notFound', message: 'x' } }
        : { body: { ...makeEnquiry({ id: archive[1] }), archived: true } };
    if (c.url === '/api/enquiry/copy?id=a' && c.method === 'POST')
      return { status: 201, body: makeEnquiry({ id: 'z' }) };
    return undefined;
  });
}

const titles = () => screen.getAllByTestId('list-row').map((r) => within(r).getAllByRole('cell')[1].textContent);
const filterCalls = (calls: ReturnType<typeof api>) => calls.filter((c) => c.url.startsWith('/api/enquiry/filter'));

describe('EnquiryListPage', () => {
  it('customer: newest first, status badges, no customer column, add, copy and display', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<EnquiryListPage />, { user: customerUser });
    await screen.findAllByTestId('list-row');
    expect(titles()).toEqual(['Brücke Süd', 'Chemiepark', 'Anlage Nord', 'Depot']);
    const first = new URL(filterCalls(calls)[0].url, 'http://x').searchParams;
    expect([first.get('column'), first.get('sortDescending'), first.get('paginationSize'), first.get('page')]).toEqual([
      'createDate',
      'true',
      '15',
      '0',
    ]);
    expect(screen.queryByRole('columnheader', { name: 'Kunde' })).not.toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Titel', 'Referenznummer', 'Erstellt am', 'Freigegeben am', 'Status']),
    );
    expect(screen.getByTestId('status-released')).toHaveTextContent('Freigegeben');
    expect(screen.getByTestId('status-closed')).toHaveTextContent('Abgeschlossen');
    expect(screen.getByTestId('status-archived')).toHaveTextContent('Archiviert');
    expect(screen.getByTestId('status-default')).toHaveTextContent('Freigabe ausstehend');
    expect(screen.getAllByRole('button', { name: 'Kopieren' })).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/enquiry/new');
  });

  it('customer: copy of a row shows the notice and reloads the list', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<EnquiryListPage />, { user: customerUser });
    await screen.findAllByTestId('list-row');
    const before = filterCalls(calls).length;
    const row = screen.getAllByTestId('list-row').find((r) => r.textContent?.includes('Anlage Nord'))!;
    await user.click(within(row).getByRole('button', { name: 'Kopieren' }));
    expect(await screen.findByText('Die Anfrage wurde kopiert.')).toBeInTheDocument();
    await waitFor(() => expect(filterCalls(calls).length).toBeGreaterThan(before));
  });

  it('title search and sortable columns go to the server', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<EnquiryListPage />, { user: customerUser });
    await screen.findAllByTestId('list-row');
    await user.type(screen.getByLabelText('Suche'), 'Chemie');
    await waitFor(() => expect(titles()).toEqual(['Chemiepark']));
    expect(filterCalls(calls).at(-1)!.url).toContain('title=Chemie');
    await user.clear(screen.getByLabelText('Suche'));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Titel' }));
    await waitFor(() => expect(titles()).toEqual(['Anlage Nord', 'Brücke Süd', 'Chemiepark', 'Depot']));
    expect(filterCalls(calls).at(-1)!.url).toContain('column=title');
    // not a server column: not sortable
    expect(screen.queryByRole('button', { name: 'Menge' })).not.toBeInTheDocument();
    for (const name of ['Referenznummer', 'Erstellt am', 'Freigegeben am'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('bulk archive: success notice when every call succeeded, the list reloads', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<EnquiryListPage />, { user: customerUser });
    await screen.findAllByTestId('list-row');
    const before = filterCalls(calls).length;
    const boxes = screen.getAllByRole('checkbox', { name: 'Zeile auswählen' });
    await user.click(boxes[0]);
    await user.click(boxes[1]);
    await user.click(screen.getByRole('button', { name: 'Archivieren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Anfragen archivieren' }));
    expect(dialog.getByText('Sollen die ausgewählten Anfragen (2) archiviert werden?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Anfragen wurden archiviert.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/enquiry/archive')).map((c) => c.url)).toEqual([
      '/api/enquiry/archive?enquiryId=b',
      '/api/enquiry/archive?enquiryId=c',
    ]);
    await waitFor(() => expect(filterCalls(calls).length).toBeGreaterThan(before));
  });

  it('bulk archive with one failure: error notice only', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api(rows, ['c']);
    renderPage(<EnquiryListPage />, { user: customerUser });
    await screen.findAllByTestId('list-row');
    const before = filterCalls(calls).length;
    const boxes = screen.getAllByRole('checkbox', { name: 'Zeile auswählen' });
    await user.click(boxes[0]);
    await user.click(boxes[1]);
    await user.click(screen.getByRole('button', { name: 'Archivieren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Nicht alle Anfragen konnten archiviert werden.')).toBeInTheDocument();
    expect(screen.queryByText('Die Anfragen wurden archiviert.')).not.toBeInTheDocument();
    await waitFor(() => expect(filterCalls(calls).length).toBeGreaterThan(before));
  });

  it('bulk archive: only rows the server archives can be selected (not archived, no unconfirmed order)', async () => {
    const user = userEvent.setup({ delay: null });
    const ordered = listItemOf(
      makeEnquiry({
        id: 'e',
        title: 'Elektrohalle',
        released: true,
        closed: true,
        order: { offerId: 'o2', supplierId: 's1', confirmed: false },
        createDate: new Date('2026-10-04T08:00:00Z'),
      }),
    );
    const calls = api([ordered, ...rows]);
    renderPage(<EnquiryListPage />, { user: customerUser });
    await screen.findAllByTestId('list-row');
    const box = (title: string) =>
      within(screen.getAllByTestId('list-row').find((r) => r.textContent?.includes(title))!).getByRole('checkbox');
    expect(box('Elektrohalle')).toBeDisabled();
    expect(box('Depot')).toBeDisabled();
    for (const title of ['Anlage Nord', 'Brücke Süd', 'Chemiepark']) expect(box(title)).toBeEnabled();
    // "select all" takes only the rows the action applies to
    await user.click(screen.getByRole('checkbox', { name: 'Alle auswählen' }));
    expect(screen.getByRole('checkbox', { name: 'Alle auswählen' })).toBeChecked();
    expect(box('Elektrohalle')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Archivieren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Anfragen wurden archiviert.')).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.url.startsWith('/api/enquiry/archive'))
        .map((c) => c.url)
        .sort(),
    ).toEqual(['a', 'b', 'c'].map((id) => `/api/enquiry/archive?enquiryId=${id}`));
  });

  it('supplier: customer-name column; no add, copy or selection; display opens /enquiry/{id}', async () => {
    const user = userEvent.setup({ delay: null });
    api([rows[1]]);
    renderPage(<EnquiryListPage />, { user: supplierUser });
    await screen.findAllByTestId('list-row');
    expect(screen.getByRole('columnheader', { name: 'Kunde' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Müller GmbH' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hinzufügen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kopieren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Zeile auswählen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/enquiry/b');
  });

  it('empty list: the empty state', async () => {
    api([]);
    renderPage(<EnquiryListPage />, { user: customerUser });
    expect(await screen.findByText('Keine Anfragen vorhanden.')).toBeInTheDocument();
  });
});
