import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@/testing/render';
import * as apiClient from '@/lib/api-client';
import { ListPage, type BulkAction, type ListColumn, type ListPageProps } from './index';

interface Row {
  id: string;
  name: string;
  count: number;
}

const rows: Row[] = Array.from({ length: 40 }, (_, i) => ({
  id: `r${i}`,
  name: `Firma ${String(i).padStart(2, '0')}`,
  count: 40 - i,
}));
rows[7].name = 'Schaltanlagen WEBER';

const columns: ListColumn<Row>[] = [
  { id: 'name', labelKey: 'company.name', value: (r) => r.name },
  { id: 'count', labelKey: 'user.loginCounter', value: (r) => r.count },
  { id: 'act', labelKey: 'list.actions', action: true, render: (r) => <button type="button">open {r.id}</button> },
];

const names = () => screen.getAllByTestId('list-row').map((tr) => within(tr).getAllByRole('cell')[0].textContent);

/** Client-mode props (the whole list in memory). */
type ClientProps = Extract<ListPageProps<Row>, { server?: undefined }>;

function setup(props: Partial<ClientProps> = {}) {
  return renderPage(
    <ListPage<Row> title="Testliste" rows={rows} columns={columns} getRowId={(r) => r.id} {...props} />,
  );
}

describe('ListPage', () => {
  it('shows 15 rows by default and at most 6 page buttons with an ellipsis; pages switch', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    expect(screen.getAllByTestId('list-row')).toHaveLength(15);
    expect(screen.getByText('40 Einträge')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Seite 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seite 3' }));
    expect(screen.getAllByTestId('list-row')).toHaveLength(10);
    expect(names()[0]).toBe('Firma 30');
  });

  it('cycles page sizes 15 -> 20 -> 25 -> 30 -> 5 (wraps) and shows ellipses for many pages', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const sizeButton = screen.getByRole('button', { name: /^Einträge pro Seite wechseln/ });
    expect(sizeButton).toHaveTextContent('15 pro Seite');
    // WCAG 2.5.3: the visible text is part of the accessible name
    expect(sizeButton).toHaveAccessibleName('Einträge pro Seite wechseln: 15 pro Seite');
    await user.click(sizeButton);
    expect(screen.getAllByTestId('list-row')).toHaveLength(20);
    await user.click(sizeButton);
    await user.click(sizeButton);
    expect(sizeButton).toHaveTextContent('30 pro Seite');
    await user.click(sizeButton);
    expect(sizeButton).toHaveTextContent('5 pro Seite');
    expect(screen.getAllByTestId('list-row')).toHaveLength(5);
    // 8 pages: 1 2 3 4 5 … 8
    const pageButtons = screen.getAllByRole('button', { name: /^Seite \d+$/ });
    expect(pageButtons.map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '8']);
    expect(screen.getAllByTestId('ellipsis')).toHaveLength(1);
  });

  it('searches case-insensitively over text cells', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await user.type(screen.getByLabelText('Suche'), 'schaltANLAGEN');
    expect(names()).toEqual(['Schaltanlagen WEBER']);
    await user.clear(screen.getByLabelText('Suche'));
    await user.type(screen.getByLabelText('Suche'), 'nichts da');
    expect(screen.getByText('Keine Einträge vorhanden.')).toBeInTheDocument();
  });

  it('the empty text sits below the table, not in a cell that scrolls sideways with it on a phone', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await user.type(screen.getByLabelText('Suche'), 'nichts da');
    const empty = screen.getByText('Keine Einträge vorhanden.');
    expect(empty.closest('table')).toBeNull();
    expect(screen.getByRole('table').querySelectorAll('tbody tr')).toHaveLength(0);
  });

  it('sorts by a column, toggling the direction', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    await user.click(screen.getByRole('button', { name: 'Anmeldungen' }));
    expect(screen.getAllByTestId('list-row')[0]).toHaveTextContent('Firma 39');
    await user.click(screen.getByRole('button', { name: 'Anmeldungen' }));
    expect(screen.getAllByTestId('list-row')[0]).toHaveTextContent('Firma 00');
  });

  it('bulk action: confirm with yes; success toast only if every item succeeded, then reload', async () => {
    const user = userEvent.setup({ delay: null });
    const run = vi.fn(async (r: Row) => (r.id === 'r1' ? Promise.reject(new Error('x')) : { ok: true }));
    const onReload = vi.fn();
    const bulk: BulkAction<Row> = {
      labelKey: 'list.delete',
      confirmTitleKey: 'users:deleteTitle',
      confirmTextKey: 'users:deleteConfirm',
      run,
      successKey: 'users:deleted',
      errorKey: 'users:deleteFailed',
    };
    setup({ bulkAction: bulk, onReload });
    const boxes = screen.getAllByRole('checkbox', { name: 'Zeile auswählen' });
    await user.click(boxes[0]);
    await user.click(boxes[2]);
    expect(screen.getByTestId('context-bar')).toHaveTextContent('2 ausgewählt');
    await user.click(within(screen.getByTestId('context-bar')).getByRole('button', { name: 'Löschen' }));
    // "no" cancels
    await user.click(screen.getByRole('button', { name: 'Nein' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(run).not.toHaveBeenCalled();
    await user.click(within(screen.getByTestId('context-bar')).getByRole('button', { name: 'Löschen' }));
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Benutzer wurden gelöscht.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(run).toHaveBeenCalledTimes(2);
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('context-bar')).not.toBeInTheDocument();

    // one failing item -> error toast
    await user.click(screen.getAllByRole('checkbox', { name: 'Zeile auswählen' })[0]);
    await user.click(screen.getAllByRole('checkbox', { name: 'Zeile auswählen' })[1]);
    await user.click(within(screen.getByTestId('context-bar')).getByRole('button', { name: 'Löschen' }));
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Nicht alle Benutzer konnten gelöscht werden.')).toBeInTheDocument();
    expect(onReload).toHaveBeenCalledTimes(2);
  });

  it('exports the filtered rows as CSV without the action column', async () => {
    const user = userEvent.setup({ delay: null });
    const save = vi.spyOn(apiClient, 'saveBlob').mockImplementation(() => undefined);
    setup({ exportFileName: 'liste' });
    await user.type(screen.getByLabelText('Suche'), 'weber');
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    expect(save).toHaveBeenCalledTimes(1);
    const [blob, filename] = save.mock.calls[0];
    expect(filename).toBe('liste.csv');
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe('\uFEFF"Firmenname";"Anmeldungen"\r\n"Schaltanlagen WEBER";"33"\r\n');
  });

  it('filters through the checkbox dialog', async () => {
    const user = userEvent.setup({ delay: null });
    setup({
      filter: {
        titleKey: 'companies:filterByType',
        options: [
          { value: 'even', label: 'Gerade' },
          { value: 'odd', label: 'Ungerade' },
        ],
        valueOf: (r) => (Number(r.id.slice(1)) % 2 ? 'odd' : 'even'),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Nach Firmentyp filtern' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ungerade' }));
    await user.click(screen.getByRole('button', { name: 'Anwenden' }));
    await waitFor(() => expect(screen.getByText('20 Einträge')).toBeInTheDocument());
  });

  it('shows loading and empty states and the add button', async () => {
    const user = userEvent.setup({ delay: null });
    const onAdd = vi.fn();
    renderPage(<ListPage<Row> title="Leer" rows={[]} columns={columns} getRowId={(r) => r.id} loading onAdd={onAdd} />);
    expect(screen.getByRole('progressbar', { name: 'Wird geladen …' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(onAdd).toHaveBeenCalled();
  });
});
