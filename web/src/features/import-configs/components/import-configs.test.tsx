import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { makeFieldValue, makeImportConfig } from '../testing/import-config-fixtures';
import { ImportConfigFormPage } from './import-config-form-page';
import { ImportConfigListPage } from './import-config-list-page';

const me = makeUser({ admin: true }, { id: 'adm', type: 'ADMIN' });

const HEADERS = ['Art.-Nr.', 'Bezeichnung', 'Listenpreis EUR', 'Breite (mm)'];
const SUGGESTION = [
  { columnIndex: 0, importHeader: 'Art.-Nr.', articleField: 'orderNumber' },
  { columnIndex: 1, importHeader: 'Bezeichnung', articleField: 'description' },
];

function fieldValues(c: MockCall) {
  if (c.url.startsWith('/api/manufacturer/all')) return { body: [makeFieldValue()] };
  if (c.url.startsWith('/api/wholesaler/all')) return { body: [makeFieldValue({ id: 'w1', displayName: 'Sonepar' })] };
  if (c.url.startsWith('/api/unit/all')) return { body: [makeFieldValue({ id: 'u1', displayName: 'Stück' })] };
  return undefined;
}

describe('ImportConfigListPage', () => {
  it('shows manufacturer name, title, description; deletes the selected ones after a confirmation with the count', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (c.url.startsWith('/api/import/config/all'))
        return {
          body: [
            makeImportConfig(),
            makeImportConfig({ id: 'c2', title: 'Rexel Liste', manufacturerId: undefined, description: 'Großhandel' }),
          ],
        };
      if (c.url === '/api/import/config/delete') return { body: { ok: true } };
      return fieldValues(c);
    });
    renderPage(<ImportConfigListPage />, { route: '/import/config', user: me });
    expect(await screen.findByText('Phoenix Contact')).toBeInTheDocument();
    expect(screen.getByText('Großhandel')).toBeInTheDocument();
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    await user.click(within(screen.getByTestId('context-bar')).getByRole('button', { name: /Löschen/ }));
    expect(
      await screen.findByText('Sollen die 2 ausgewählten Importkonfigurationen gelöscht werden?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Importkonfigurationen wurden gelöscht.')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.url === '/api/import/config/delete').map((c) => (c.body as { configId: string }).configId),
    ).toEqual(['c1', 'c2']);
  });
});

describe('ImportConfigFormPage', () => {
  function setup() {
    const calls = mockFetch((c) => {
      if (c.url === '/api/import/config/headers')
        return {
          body: {
            filename: 'liste.csv',
            headers: HEADERS,
            headerRowIndex: 1,
            suggestedHeaderRowIndex: 1,
            fieldMapping: SUGGESTION,
          },
        };
      if (c.url === '/api/import/config/' && c.method === 'POST') return { status: 201, body: makeImportConfig() };
      return fieldValues(c);
    });
    renderPage(<ImportConfigFormPage />, { route: '/import/config/new', path: '/import/config/:id', user: me });
    return calls;
  }
  const csv = () => new File(['Art.-Nr.;Bezeichnung\n1;a\n'], 'liste.csv', { type: 'text/csv' });

  it('a picked file fills the mapping panel with the suggestion; fields in use are not offered twice; saves multipart', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await user.type(await screen.findByLabelText('Titel *'), 'Preisliste');
    await user.type(screen.getByLabelText('Beschreibung *'), 'Test');
    await user.upload(screen.getByLabelText('Beispieldatei'), csv());
    expect(await screen.findByText('Datei: liste.csv')).toBeInTheDocument();
    const first = screen.getByRole('combobox', { name: 'Spalte 1: Art.-Nr.' });
    expect(first).toHaveTextContent('Bestellnummer');
    expect(screen.getByRole('combobox', { name: 'Spalte 2: Bezeichnung' })).toHaveTextContent('Beschreibung');
    await user.click(screen.getByRole('combobox', { name: 'Spalte 3: Listenpreis EUR' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Listenpreis');
    expect(options).not.toContain('Bestellnummer');
    expect(options).not.toContain('Beschreibung');
    await user.click(screen.getByRole('option', { name: 'Listenpreis' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/import/config/' && c.method === 'POST')).toBe(true));
    const form = calls.find((c) => c.url === '/api/import/config/')!.body as FormData;
    expect((form.get('file') as File).name).toBe('liste.csv');
    expect(JSON.parse(form.get('config') as string)).toMatchObject({
      title: 'Preisliste',
      description: 'Test',
      headerRowIndex: 1,
      unitWidth: 'CM',
      unitWeight: 'KG',
      fieldMapping: [
        { columnIndex: 0, importHeader: 'Art.-Nr.', articleField: 'orderNumber' },
        { columnIndex: 1, importHeader: 'Bezeichnung', articleField: 'description' },
        { columnIndex: 2, importHeader: 'Listenpreis EUR', articleField: 'listPrice' },
      ],
    });
    expect(
      calls
        .filter((c) => c.url === '/api/import/config/headers')
        .map((c) => (c.body as FormData).get('headerRowIndex')),
    ).toEqual(['1']);
  });

  it('a wrong header row index shows the spec text; without an orderNumber mapping nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    const index = await screen.findByLabelText('Kopfzeile *');
    await user.clear(index);
    await user.type(index, '0');
    await user.click(screen.getByRole('button', { name: 'Kopfzeile aktualisieren' }));
    expect(
      await screen.findAllByText('Kopfzeile ungültig. Bitte wählen Sie eine ganze Zahl, die größer als 0 ist.'),
    ).not.toHaveLength(0);
    await user.clear(index);
    await user.type(index, '1');
    await user.type(screen.getByLabelText('Titel *'), 'Preisliste');
    await user.type(screen.getByLabelText('Beschreibung *'), 'Test');
    await user.upload(screen.getByLabelText('Beispieldatei'), csv());
    const first = await screen.findByRole('combobox', { name: 'Spalte 1: Art.-Nr.' });
    await user.click(first);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Nicht zuordnen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('Bitte ordnen Sie mindestens eine Spalte der Bestellnummer zu.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/import/config/')).toBe(false);
  });

  it('edit: the stored mapping is shown; the header row is re-read from the stored sample; saves JSON without a file', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (c.url.startsWith('/api/import/config/?id=c1')) return { body: makeImportConfig() };
      if (c.url === '/api/import/config/headers')
        return {
          body: {
            filename: 'preisliste.csv',
            headers: ['3211757', 'PT 2,5', '1,23'],
            headerRowIndex: 2,
            suggestedHeaderRowIndex: 1,
            fieldMapping: [],
          },
        };
      if (c.url === '/api/import/config/update') return { body: makeImportConfig() };
      return fieldValues(c);
    });
    renderPage(<ImportConfigFormPage />, { route: '/import/config/c1', path: '/import/config/:id', user: me });
    expect(await screen.findByRole('combobox', { name: 'Spalte 1: Artikelnummer' })).toHaveTextContent('Bestellnummer');
    expect(screen.getByText('Datei: preisliste.csv')).toBeInTheDocument();
    const index = screen.getByLabelText('Kopfzeile *');
    await user.clear(index);
    await user.type(index, '2');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Die Kopfzeile wurde geändert/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kopfzeile aktualisieren' }));
    expect(await screen.findByRole('combobox', { name: 'Spalte 1: 3211757' })).toBeInTheDocument();
    const read = calls.find((c) => c.url === '/api/import/config/headers')!.body as FormData;
    expect([read.get('configId'), read.get('headerRowIndex'), read.get('file')]).toEqual(['c1', '2', null]);
    await user.click(screen.getByRole('combobox', { name: 'Spalte 1: 3211757' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Bestellnummer' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/import/config/update')).toBe(true));
    expect(calls.find((c) => c.url === '/api/import/config/update')!.body).toMatchObject({
      id: 'c1',
      headerRowIndex: 2,
      fieldMapping: [{ columnIndex: 0, importHeader: '3211757', articleField: 'orderNumber' }],
    });
  });

  it('DATANORM: the format choice hides sample upload, header row and mapping panel; saves JSON without mapping', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await user.type(await screen.findByLabelText('Titel *'), 'Großhandel Süd');
    await user.type(screen.getByLabelText('Beschreibung *'), 'DATANORM-Lieferung');
    expect(screen.getByText('Spaltenzuordnung')).toBeInTheDocument();
    expect(screen.getByLabelText('Beispieldatei')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Dateiformat' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'DATANORM 4 oder 5' }));
    expect(await screen.findByTestId('source-format-hint')).toHaveTextContent(/DATANORM\.RAB/);
    expect(screen.queryByText('Spaltenzuordnung')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Beispieldatei')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Kopfzeile *')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/import/config/' && c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.url === '/api/import/config/')!.body;
    expect(body).not.toBeInstanceOf(FormData);
    expect(body).toMatchObject({
      sourceFormat: 'DATANORM',
      title: 'Großhandel Süd',
      description: 'DATANORM-Lieferung',
      fieldMapping: [],
    });
    expect(calls.some((c) => c.url === '/api/import/config/headers')).toBe(false);
  });

  it('edit: a stored DATANORM configuration opens without the mapping panel', async () => {
    mockFetch((c) => {
      if (c.url.startsWith('/api/import/config/?id=c1'))
        return { body: makeImportConfig({ sourceFormat: 'DATANORM', filename: '', headers: [], fieldMapping: [] }) };
      return fieldValues(c);
    });
    renderPage(<ImportConfigFormPage />, { route: '/import/config/c1', path: '/import/config/:id', user: me });
    expect(await screen.findByTestId('source-format-hint')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Dateiformat' })).toHaveTextContent('DATANORM 4 oder 5');
    expect(screen.queryByText('Spaltenzuordnung')).not.toBeInTheDocument();
  });
});
