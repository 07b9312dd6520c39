import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import { pageRequestParams, type Page } from '@model/paging';
import * as apiClient from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { mockFetch } from '@/testing/fetch-mock';
import { asPhone } from '@/testing/phone';
import { answerPage } from '@/testing/page-server';
import { renderPage } from '@/testing/render';
import { ListPage, SEARCH_DEBOUNCE_MS, type ListColumn, type ListRequest } from './index';

interface Row {
  id: string;
  name: string;
  count: number;
  kind: 'A' | 'B';
}

const rows: Row[] = Array.from({ length: 40 }, (_, i) => ({
  id: `r${i}`,
  name: `Firma ${String(i).padStart(2, '0')}`,
  count: 40 - i,
  kind: i % 2 ? 'B' : 'A',
}));
rows[7].name = 'Schaltanlagen WEBER';

const columns: ListColumn<Row>[] = [
  { id: 'name', labelKey: 'company.name', value: (r) => r.name },
  { id: 'count', labelKey: 'user.loginCounter', value: (r) => r.count },
  // not among the server's sort columns: not sortable in server mode
  { id: 'kind', labelKey: 'company.type', value: (r) => r.kind },
  { id: 'act', labelKey: 'list.actions', action: true, render: (r) => <button type="button">open {r.id}</button> },
];

/** An endpoint file as a feature writes it: the call, its query options (the request in the key). */
const getRows = (request: ListRequest<'name' | 'count'>) =>
  api.get<Page<Row>>('/row/filter', {
    query: pageRequestParams({ ...request, kinds: request.filter, filter: undefined }),
  });
const rowsSource = {
  queryOptions: (request: ListRequest<'name' | 'count'>) =>
    queryOptions({ queryKey: ['rows', 'list', request], queryFn: () => getRows(request) }),
  sortColumns: ['name', 'count'] as const,
};

function server(data: Row[] = rows) {
  const calls = mockFetch((c) => {
    if (c.url.startsWith('/api/row/filter?'))
      return answerPage(c.url, data, {
        searchText: (r) => r.name,
        columns: { name: (r) => r.name, count: (r) => r.count },
        filters: { kinds: (r, kinds) => kinds.includes(r.kind) },
      });
    if (c.url.startsWith('/api/row/delete')) return { body: { ok: true } };
    return undefined;
  });
  const requests = () =>
    calls
      .filter((c) => c.url.startsWith('/api/row/filter?'))
      .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
  return { calls, requests };
}

const names = () => screen.getAllByTestId('list-row').map((tr) => within(tr).getAllByRole('cell')[0].textContent);

describe('ListPage (server mode)', () => {
  it('asks for the first page with the default sort and shows the server total', async () => {
    const { requests } = server();
    renderPage(
      <ListPage
        title="Server"
        server={rowsSource}
        columns={columns}
        getRowId={(r) => r.id}
        defaultSort={{ columnId: 'name', direction: 'desc' }}
      />,
    );
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(15));
    expect(requests()).toEqual([{ page: '0', paginationSize: '15', column: 'name', sortDescending: 'true' }]);
    expect(screen.getByText('40 Einträge')).toBeInTheDocument();
    expect(names()[0]).toBe('Schaltanlagen WEBER');
    // 3 pages of 15
    expect(screen.getAllByRole('button', { name: /^Seite \d+$/ }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
  });

  it('page buttons and page sizes send page and paginationSize; sorting sends column and direction', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = server();
    renderPage(<ListPage title="Server" server={rowsSource} columns={columns} getRowId={(r) => r.id} />);
    await screen.findAllByTestId('list-row');
    expect(requests()[0]).toEqual({ page: '0', paginationSize: '15', sortDescending: 'false' });

    await user.click(screen.getByRole('button', { name: 'Seite 3' }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(10));
    expect(requests().at(-1)).toMatchObject({ page: '2', paginationSize: '15' });
    expect(screen.getByRole('button', { name: 'Seite 3' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: /^Einträge pro Seite wechseln/ }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(20));
    expect(requests().at(-1)).toMatchObject({ page: '0', paginationSize: '20' });

    await user.click(screen.getByRole('button', { name: 'Anmeldungen' }));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ column: 'count', sortDescending: 'false' }));
    await waitFor(() => expect(names()[0]).toBe('Firma 39'));
    await user.click(screen.getByRole('button', { name: 'Anmeldungen' }));
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ column: 'count', sortDescending: 'true' }));
    await waitFor(() => expect(names()[0]).toBe('Firma 00'));

    // a column the server cannot sort by has no sort button
    expect(screen.queryByRole('button', { name: 'Firmentyp' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Firmentyp' })).toBeInTheDocument();
  });

  it('search is debounced: one request with the whole term, from page 0', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = server();
    renderPage(<ListPage title="Server" server={rowsSource} columns={columns} getRowId={(r) => r.id} />);
    await screen.findAllByTestId('list-row');
    await user.click(screen.getByRole('button', { name: 'Seite 2' }));
    await waitFor(() => expect(requests()).toHaveLength(2));

    await user.type(screen.getByLabelText('Suche'), '  weber ');
    // waits for the debounced request's answer (setup-tests' asyncUtilTimeout bounds it, generously)
    await waitFor(() => expect(names()).toEqual(['Schaltanlagen WEBER']));
    expect(screen.getByText('1 Eintrag')).toBeInTheDocument();
    const searches = requests().filter((r) => r.search !== undefined);
    // typed 8 characters, asked once (after SEARCH_DEBOUNCE_MS), trimmed, and from the first page
    expect(searches).toEqual([{ page: '0', paginationSize: '15', sortDescending: 'false', search: 'weber' }]);
    expect(SEARCH_DEBOUNCE_MS).toBeGreaterThanOrEqual(200);

    await user.clear(screen.getByLabelText('Suche'));
    await user.type(screen.getByLabelText('Suche'), 'nichts da');
    expect(await screen.findByText('Keine Einträge vorhanden.')).toBeInTheDocument();
    expect(screen.getByText('0 Einträge')).toBeInTheDocument();
  });

  it('the filter dialog sends the ticked values; none ticked asks nobody and shows nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = server();
    const filter = {
      titleKey: 'companies:filterByType',
      options: [
        { value: 'A', label: 'Typ A' },
        { value: 'B', label: 'Typ B' },
      ],
    };
    renderPage(
      <ListPage title="Server" server={rowsSource} columns={columns} getRowId={(r) => r.id} filter={filter} />,
    );
    await screen.findAllByTestId('list-row');
    await user.click(screen.getByRole('button', { name: 'Nach Firmentyp filtern' }));
    await user.click(screen.getByRole('checkbox', { name: 'Typ A' }));
    await user.click(screen.getByRole('button', { name: 'Anwenden' }));
    await waitFor(() => expect(screen.getByText('20 Einträge')).toBeInTheDocument());
    expect(requests().at(-1)).toMatchObject({ kinds: 'B' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const before = requests().length;
    await user.click(screen.getByRole('button', { name: 'Nach Firmentyp filtern' }));
    await user.click(screen.getByRole('button', { name: 'Keine' }));
    await user.click(screen.getByRole('button', { name: 'Anwenden' }));
    expect(await screen.findByText('Keine Einträge vorhanden.')).toBeInTheDocument();
    expect(requests()).toHaveLength(before);
  });

  it('a filter limited to `max` values refuses more (unless all are ticked)', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    const options = ['A', 'B', 'C'].map((v) => ({ value: v, label: `Typ ${v}` }));
    renderPage(
      <ListPage
        title="Server"
        server={rowsSource}
        columns={columns}
        getRowId={(r) => r.id}
        filter={{ titleKey: 'companies:filterByType', options, max: 1 }}
      />,
    );
    await screen.findAllByTestId('list-row');
    await user.click(screen.getByRole('button', { name: 'Nach Firmentyp filtern' }));
    expect(screen.getByRole('button', { name: 'Anwenden' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Typ A' }));
    expect(screen.getByRole('button', { name: 'Anwenden' })).toBeDisabled();
    expect(screen.getByText('Bitte wählen Sie höchstens 1 Einträge aus (oder alle).')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Typ B' }));
    expect(screen.getByRole('button', { name: 'Anwenden' })).toBeEnabled();
  });

  it('selection spans pages; the bulk action gets the selected rows in one call; without a server export: the page', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    const runAll = vi.fn(async (selected: Row[]) =>
      selected.map((r): PromiseSettledResult<unknown> => ({ status: 'fulfilled', value: { id: r.id } })),
    );
    const save = vi.spyOn(apiClient, 'saveBlob').mockImplementation(() => undefined);
    renderPage(
      <ListPage
        title="Server"
        server={rowsSource}
        columns={columns}
        getRowId={(r) => r.id}
        exportFileName="liste"
        bulkAction={{
          labelKey: 'list.delete',
          confirmTitleKey: 'users:deleteTitle',
          confirmTextKey: 'users:deleteConfirm',
          runAll,
          successKey: 'users:deleted',
          errorKey: 'users:deleteFailed',
        }}
      />,
    );
    await screen.findAllByTestId('list-row');
    await user.click(screen.getAllByRole('checkbox', { name: 'Zeile auswählen' })[0]);
    await user.click(screen.getByRole('button', { name: 'Seite 3' }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(10));
    await user.click(screen.getByRole('checkbox', { name: 'Alle auswählen' }));
    expect(screen.getByTestId('context-bar')).toHaveTextContent('11 ausgewählt');

    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(save.mock.calls[0][0]);
    });
    expect(text.trim().split('\r\n')).toHaveLength(1 + 10);

    await user.click(within(screen.getByTestId('context-bar')).getByRole('button', { name: 'Löschen' }));
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Benutzer wurden gelöscht.')).toBeInTheDocument();
    expect(runAll).toHaveBeenCalledTimes(1);
    expect(runAll.mock.calls[0][0].map((r) => r.id).sort()).toEqual(['r0', ...rows.slice(30).map((r) => r.id)].sort());
    expect(screen.queryByTestId('context-bar')).not.toBeInTheDocument();
  });

  it('one failed row in the bulk result gives the error toast', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    renderPage(
      <ListPage
        title="Server"
        server={rowsSource}
        columns={columns}
        getRowId={(r) => r.id}
        bulkAction={{
          labelKey: 'list.delete',
          confirmTitleKey: 'users:deleteTitle',
          confirmTextKey: 'users:deleteConfirm',
          runAll: async (selected) =>
            selected.map((r, i): PromiseSettledResult<unknown> =>
              i === 0 ? { status: 'rejected', reason: r } : { status: 'fulfilled', value: true },
            ),
          successKey: 'users:deleted',
          errorKey: 'users:deleteFailed',
        }}
      />,
    );
    await screen.findAllByTestId('list-row');
    await user.click(screen.getAllByRole('checkbox', { name: 'Zeile auswählen' })[0]);
    await user.click(screen.getAllByRole('checkbox', { name: 'Zeile auswählen' })[1]);
    await user.click(within(screen.getByTestId('context-bar')).getByRole('button', { name: 'Löschen' }));
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Nicht alle Benutzer konnten gelöscht werden.')).toBeInTheDocument();
  });

  it('shows the last page again when the total shrinks below the current page', async () => {
    const user = userEvent.setup({ delay: null });
    const data = [...rows];
    const { requests } = server(data);
    const { queryClient } = renderPage(
      <ListPage title="Server" server={rowsSource} columns={columns} getRowId={(r) => r.id} />,
    );
    await screen.findAllByTestId('list-row');
    await user.click(screen.getByRole('button', { name: 'Seite 3' }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(10));
    data.splice(20, 20);
    await queryClient.invalidateQueries({ queryKey: ['rows'] });
    await waitFor(() => expect(requests().at(-1)).toMatchObject({ page: '1' }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(5));
    expect(screen.getByText('20 Einträge')).toBeInTheDocument();
  });

  it("export: the area's server export with the list's search and sort and the table's columns (code texts too)", async () => {
    const user = userEvent.setup({ delay: null });
    server();
    const exportRows = vi.fn(async () => 'liste.csv');
    const save = vi.spyOn(apiClient, 'saveBlob').mockImplementation(() => undefined);
    save.mockClear();
    const coded: ListColumn<Row>[] = [
      columns[0],
      columns[1],
      { ...columns[2], exportValues: { A: 'Typ A', B: 'Typ B' } },
      columns[3],
    ];
    renderPage(
      <ListPage
        title="Server"
        server={{ ...rowsSource, exportRows }}
        columns={coded}
        getRowId={(r) => r.id}
        exportFileName="liste"
        defaultSort={{ columnId: 'name', direction: 'asc' }}
      />,
    );
    await screen.findAllByTestId('list-row');
    await user.type(screen.getByLabelText('Suche'), '  Firma 1 ');
    await user.click(screen.getByRole('button', { name: 'Anmeldungen' }));
    await user.click(screen.getByRole('button', { name: 'Anmeldungen' }));
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(exportRows).toHaveBeenCalledTimes(1));
    expect(exportRows.mock.calls[0]).toEqual([
      {
        fileName: 'liste',
        query: { column: 'count', sortDescending: true, search: 'Firma 1' },
        // the action column is left out; every other column with the header the table shows
        columns: [
          { key: 'name', label: 'Firmenname' },
          { key: 'count', label: 'Anmeldungen' },
          { key: 'kind', label: 'Firmentyp', values: { A: 'Typ A', B: 'Typ B' } },
        ],
      },
    ]);
    // every matching row comes from the server, nothing is made from the page on screen
    expect(save).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exportieren' })).toBeEnabled());
  });

  it('a refused export (more rows than the cap) says why', async () => {
    const user = userEvent.setup({ delay: null });
    server();
    const exportRows = vi.fn(async () => {
      throw new ApiError(413, 'exportTooLarge', { max: 10000 });
    });
    renderPage(
      <ListPage
        title="Server"
        server={{ ...rowsSource, exportRows }}
        columns={columns}
        getRowId={(r) => r.id}
        exportFileName="liste"
      />,
    );
    await screen.findAllByTestId('list-row');
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    expect(
      await screen.findByText(
        'Zu viele Zeilen für einen Export. Bitte grenzen Sie die Liste mit Suche oder Filter ein.',
      ),
    ).toBeInTheDocument();
  });

  it('on a phone every row is a card: name, state, the other columns, the actions; sorting by a choice', async () => {
    asPhone();
    const user = userEvent.setup({ delay: null });
    const { requests } = server();
    const runAll = vi.fn(async (selected: Row[]) =>
      selected.map((): PromiseSettledResult<unknown> => ({ status: 'fulfilled', value: true })),
    );
    try {
      renderPage(
        <ListPage
          title="Server"
          server={rowsSource}
          columns={[
            ...columns.slice(0, 2),
            { ...columns[2], render: (r) => <span data-testid="kind-chip">{r.kind}</span> },
            columns[3],
          ]}
          getRowId={(r) => r.id}
          cardState="kind"
          defaultSort={{ columnId: 'name', direction: 'asc' }}
          bulkAction={{
            labelKey: 'list.delete',
            confirmTitleKey: 'users:deleteTitle',
            confirmTextKey: 'users:deleteConfirm',
            runAll,
            successKey: 'users:deleted',
            errorKey: 'users:deleteFailed',
          }}
        />,
      );
      const cards = await screen.findAllByTestId('list-row');
      expect(screen.getByTestId('list-cards')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(cards).toHaveLength(15);
      const first = within(cards[0]);
      expect(first.getByTestId('card-title')).toHaveTextContent('Firma 00');
      expect(first.getByTestId('card-state')).toHaveTextContent('A');
      expect(first.getByTestId('fact-count')).toHaveTextContent('Anmeldungen40');
      expect(first.getByRole('button', { name: 'open r0' })).toBeInTheDocument();

      await user.click(screen.getByRole('combobox', { name: /^Sortieren nach/ }));
      await user.click(await screen.findByRole('option', { name: 'Anmeldungen absteigend' }));
      await waitFor(() => expect(requests().at(-1)).toMatchObject({ column: 'count', sortDescending: 'true' }));
      await waitFor(() =>
        expect(within(screen.getAllByTestId('list-row')[0]).getByTestId('card-title')).toHaveTextContent('Firma 00'),
      );

      await user.click(within(screen.getAllByTestId('list-row')[1]).getByRole('checkbox', { name: 'Zeile auswählen' }));
      expect(screen.getByTestId('context-bar')).toHaveTextContent('1 ausgewählt');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
