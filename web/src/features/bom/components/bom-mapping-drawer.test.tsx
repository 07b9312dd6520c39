import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BomMappingProposal } from '@model/bom-job';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { customerUser, makeEnquiry } from '@/testing/enquiry-fixtures';
import { BomMappingDrawer } from './bom-mapping-drawer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const proposal: BomMappingProposal = {
  headers: ['Pos', 'Bestellnummer', 'Menge', ''],
  bomHeaderRowIndex: 2,
  mapping: [{ columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' }],
  source: 'remembered',
};

function show(answer: (c: MockCall) => { status?: number; body?: unknown } | undefined = () => undefined) {
  const calls = mockFetch((c) => {
    if (c.url === '/api/enquiry/bom/mapping?enquiryId=e1') return { body: proposal };
    return answer(c);
  });
  const onClose = vi.fn();
  renderPage(<BomMappingDrawer owner={{ enquiryId: 'e1' }} open onClose={onClose} />, { user: customerUser });
  return { calls, onClose };
}

describe('BomMappingDrawer', () => {
  it('pre-fills the remembered mapping, hides used fields and saves the mapping', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, onClose } = show((c) =>
      c.url === '/api/enquiry/bom/map'
        ? {
            body: {
              enquiry: makeEnquiry({ bomFileName: 'liste.csv', bomRevision: 1 }),
              summary: {},
              lines: { content: [], totalElements: 0 },
            },
          }
        : undefined,
    );
    expect(await screen.findByText('Zuordnung Ihrer Firma für diese Spalten')).toBeInTheDocument();
    expect(screen.getByLabelText('Kopfzeile')).toHaveValue(2);
    expect(screen.getByRole('combobox', { name: 'Bestellnummer' })).toHaveTextContent('Bestellnummer');
    // an empty header cell gets no row
    expect(screen.getAllByRole('combobox')).toHaveLength(3);

    await user.click(screen.getByRole('combobox', { name: 'Menge' }));
    const options = within(screen.getByRole('listbox'));
    expect(options.queryByRole('option', { name: 'Bestellnummer' })).not.toBeInTheDocument();
    await user.click(options.getByRole('option', { name: 'Menge' }));

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const map = calls.find((c) => c.url === '/api/enquiry/bom/map')!;
    expect(map.method).toBe('POST');
    expect(map.body).toEqual({
      enquiryId: 'e1',
      headerRowIndex: 2,
      mapping: [
        { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
        { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' },
      ],
    });
  });

  it('warns: missing mapping and header row index wrong on save, index invalid on Update header', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = show();
    await user.click(await screen.findByRole('combobox', { name: 'Bestellnummer' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Nicht zuordnen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText(
        'Bitte ordnen Sie mindestens eine Spalte der Bestellnummer oder der Herstellernummer zu.',
      ),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Kopfzeile'));
    await user.type(screen.getByLabelText('Kopfzeile'), '0');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('Kopfzeile ungültig. Bitte wählen Sie eine ganze Zahl, die größer als 0 ist.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kopfzeile übernehmen' }));
    expect(
      await screen.findByText('Ungültige Kopfzeile. Bitte geben Sie eine ganze Zahl ab 1 ein.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('a failed header change: headerIndexChangeFailed with the engine’s reason (no headers found)', async () => {
    const user = userEvent.setup({ delay: null });
    show((c) =>
      c.url === '/api/enquiry/bom/header'
        ? {
            status: 400,
            body: {
              code: 'validation',
              message: 'x',
              details: [{ path: 'headerRowIndex', key: 'bom.warning.noHeadersFound' }],
            },
          }
        : undefined,
    );
    await user.clear(await screen.findByLabelText('Kopfzeile'));
    await user.type(screen.getByLabelText('Kopfzeile'), '40');
    await user.click(screen.getByRole('button', { name: 'Kopfzeile übernehmen' }));
    expect(await screen.findByText('Die Kopfzeile konnte nicht geändert werden.')).toBeInTheDocument();
    expect(screen.getByText('In dieser Zeile wurden keine Spaltenüberschriften gefunden.')).toBeInTheDocument();
  });

  it('shows the server’s engine key when it refuses the mapping', async () => {
    const user = userEvent.setup({ delay: null });
    show((c) =>
      c.url === '/api/enquiry/bom/map'
        ? {
            status: 400,
            body: {
              code: 'validation',
              message: 'x',
              details: [{ path: 'mapping', key: 'bom.warning.fieldUsedTwice' }],
            },
          }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Jedes Feld darf nur einer Spalte zugeordnet werden.')).toBeInTheDocument();
  });

  it('a large BOM: follows the background mapping until it is done, then closes', async () => {
    const user = userEvent.setup({ delay: null });
    let state = 'running';
    const { calls, onClose } = show((c) => {
      if (c.url === '/api/enquiry/bom/map') return { status: 202, body: { taskId: 't1' } };
      if (c.url === '/api/enquiry/bom/job?enquiryId=e1&taskId=t1')
        return {
          body: {
            state,
            progress: { done: state === 'done' ? 5501 : 2000, total: 5501, percent: state === 'done' ? 100 : 36 },
          },
        };
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(await screen.findByTestId('bom-mapping-task')).toHaveTextContent(
      'Die Stückliste ist groß und wird im Hintergrund zugeordnet (36 %).',
    );
    expect(screen.getByRole('progressbar', { name: 'Zuordnung im Hintergrund' })).toHaveAttribute(
      'aria-valuenow',
      '36',
    );
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    state = 'done';
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(calls.filter((c) => c.url.startsWith('/api/enquiry/bom/job')).length).toBeGreaterThanOrEqual(2);
  });

  it('a background mapping that failed says why (the BOM was replaced meanwhile)', async () => {
    const user = userEvent.setup({ delay: null });
    const { onClose } = show((c) => {
      if (c.url === '/api/enquiry/bom/map') return { status: 202, body: { taskId: 't2' } };
      if (c.url === '/api/enquiry/bom/job?enquiryId=e1&taskId=t2')
        return {
          body: { state: 'failed', progress: { done: 400, total: 5501, percent: 7 }, error: 'bomChanged' },
        };
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText(
        'Die Zuordnung im Hintergrund ist fehlgeschlagen: Die Stückliste wurde inzwischen ersetzt. Bitte ordnen Sie sie erneut zu.',
      ),
    ).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeEnabled();
  });
});
