import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '@model/change-history';
import type { Page } from '@model/paging';
import { formatEur } from '@/lib/format';
import { renderPage } from '@/testing/render';
import { ChangeHistory, type HistoryRequest } from './index';

const at = new Date('2026-03-04T10:15:00Z');
const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: Math.random().toString(36).slice(2),
  at,
  by: 'u1',
  byName: 'Erika Muster',
  kind: 'update',
  changes: [],
  ...over,
});

/** A history query answering `pages` (page index → entries) with `total`; records the requests. */
function fakeQuery(pages: HistoryEntry[][], total: number, requests: HistoryRequest[] = []) {
  return (request: HistoryRequest) =>
    queryOptions({
      queryKey: ['test-history', request] as unknown[],
      queryFn: async (): Promise<Page<HistoryEntry>> => {
        requests.push(request);
        return { content: pages[request.page] ?? [], totalElements: total };
      },
    });
}

const labels: Record<string, string> = { listPrice: 'Listenpreis', possibleOrderNumbers: 'Alternative Bestellnummern' };

describe('ChangeHistory', () => {
  it('a row per entry: date, user, each change as "Feld: vorher → nachher" with the page’s formats', async () => {
    renderPage(
      <ChangeHistory
        query={fakeQuery(
          [
            [
              entry({
                changes: [
                  { field: 'listPrice', from: 12, to: 13.5 },
                  { field: 'possibleOrderNumbers', from: null, to: 'A-1, A-2' },
                ],
              }),
              entry({
                kind: 'import',
                byName: 'Ida Import',
                changes: [],
                fileName: 'preise.csv',
                counts: { created: 1200, updated: 300, failed: 2 },
              }),
              entry({ kind: 'rework', line: 4, changes: [{ field: 'quantity', from: 1, to: 3 }] }),
              entry({ kind: 'create', fileName: 'neu.csv' }),
            ],
          ],
          4,
        )}
        fieldLabel={(f) => labels[f] ?? f}
        formatValue={(f, v) => (f === 'listPrice' && typeof v === 'number' ? formatEur(v) : undefined)}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Änderungsverlauf' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('change-history-row');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('Erika Muster')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent(/Listenpreis: 12,00\s€ → 13,50\s€/);
    expect(rows[0]).toHaveTextContent('Alternative Bestellnummern: – → A-1, A-2');
    expect(rows[0]).toHaveTextContent('04.03.2026');
    expect(rows[1]).toHaveTextContent('Import preise.csv: 1.200 neu, 300 geändert, 2 fehlerhaft');
    expect(rows[2]).toHaveTextContent('Zeile 4');
    expect(rows[2]).toHaveTextContent('quantity: 1 → 3');
    expect(rows[3]).toHaveTextContent('Angelegt durch Import neu.csv');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Datum', 'Benutzer', 'Änderung']);
  });

  it('no entries: "Noch keine Änderungen"', async () => {
    renderPage(<ChangeHistory query={fakeQuery([[]], 0)} fieldLabel={(f) => f} />);
    expect(await screen.findByText('Noch keine Änderungen')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages on the server: the next page asks for page 1', async () => {
    const requests: HistoryRequest[] = [];
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => entry({ changes: [{ field: 'listPrice', from: i, to: i + 1 }] }));
    renderPage(
      <ChangeHistory
        query={fakeQuery(
          [many(10), many(2).map((e) => ({ ...e, changes: [{ field: 'n', from: 11, to: 12 }] }))],
          12,
          requests,
        )}
        fieldLabel={(f) => f}
      />,
    );
    expect(await screen.findAllByTestId('change-history-row')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Seite 2' }));
    expect(await screen.findAllByText('n: 11 → 12')).toHaveLength(2);
    expect(screen.getAllByTestId('change-history-row')).toHaveLength(2);
    expect(requests.map((r) => r.page)).toEqual([0, 1]);
  });
});
