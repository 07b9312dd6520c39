import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBomHeaderAnswer, AdminBomResult } from '@model/bom-import';
import type { StoredBomLine } from '@model/bom-job';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { BomImportPage } from './bom-import-page';

vi.mock('@/config/firebase', () => import('@/testing/fake-auth'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const administrator = makeUser({ id: 'a1', admin: true, companyId: 'adm' }, { id: 'adm', type: 'ADMIN' });
const adminUser = makeUser({ id: 'a2', admin: false, companyId: 'adm' }, { id: 'adm', type: 'ADMIN' });

const header: AdminBomHeaderAnswer = {
  bomFileName: 'liste.csv',
  headers: ['Pos', 'Bestellnummer', 'Menge'],
  bomHeaderRowIndex: 2,
  suggestedHeaderRowIndex: 2,
  mapping: [
    { columnIndex: 1, importHeader: 'Bestellnummer', articleField: 'orderNumber' },
    { columnIndex: 2, importHeader: 'Menge', articleField: 'quantity' },
  ],
  source: 'computed',
};
const result: AdminBomResult = {
  id: 'r1',
  bomFileName: 'liste.csv',
  headers: header.headers,
  fieldMapping: header.mapping,
  bomHeaderRowIndex: 2,
  lineCount: 2,
  errorCount: 1,
  successRate: 50,
  errorsByType: {} as AdminBomResult['errorsByType'],
  estimate: { total: 100, min: 102, max: 130, formatted: '102,00 € – 130,00 €' },
  createdBy: 'a1',
  createdByName: 'Anna Admin',
  createDate: new Date('2026-11-20T10:00:00Z'),
  lastUpdate: new Date('2026-11-20T10:00:00Z'),
};
const line: StoredBomLine = {
  id: '0000003',
  rowNumber: 3,
  orderNumber: 'X-1',
  quantity: 1,
  problems: [],
  manualReplacement: false,
  edited: false,
  isSuppliedPart: false,
};
const summary = { ...result, revision: 1, mappedAt: result.createDate };

function answer(url: string) {
  if (url === '/api/admin/bom/header') return { body: header };
  if (url.startsWith('/api/enquiry/bom/map?'))
    return { body: { result, lines: { content: [line], totalElements: 1 } } };
  if (url === '/api/admin/bom/?id=r1') return { body: result };
  if (url.startsWith('/api/admin/bom/lines?')) return { body: { content: [line], totalElements: 1, summary } };
  if (url.startsWith('/api/admin/bom/all/simple')) return { body: { content: [result], totalElements: 1 } };
  if (url.startsWith('/api/admin/bom/delete?')) return { body: { deleted: 1 } };
  return undefined;
}

describe('BomImportPage', () => {
  it('reads the header, maps the file as the admin import and shows the result, its estimate and table', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => answer(c.url));
    renderPage(<BomImportPage />, { user: adminUser });
    // the history is for administrators only
    expect(screen.queryByRole('button', { name: 'Verlauf' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zuordnen' })).toBeDisabled();
    await user.upload(screen.getByTestId('bom-import-file'), new File(['a;b'], 'liste.csv', { type: 'text/csv' }));
    expect(screen.getByTestId('bom-import-file-name')).toHaveTextContent('liste.csv');
    await user.click(screen.getByRole('button', { name: 'Zuordnen' }));

    const panel = within(await screen.findByTestId('bom-mapping'));
    expect(panel.getByRole('combobox', { name: 'Menge' })).toHaveTextContent('Menge');
    await user.click(panel.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByTestId('bom-import-estimate')).toHaveTextContent(
      'Geschätzter Preis: 102,00 € – 130,00 €',
    );
    expect(await screen.findByTestId('bom-success-rate')).toHaveTextContent('Erfolgsquote: 50 %');
    expect(screen.getByTestId('bom-line-3')).toHaveTextContent('X-1');
    const map = calls.find((c) => c.url.startsWith('/api/enquiry/bom/map?'))!;
    expect(map.url).toContain('admin=true');
    expect(map.url).toContain('headerRowIndex=2');
    const form = map.body as FormData;
    expect(JSON.parse(String(form.get('mapping')))).toEqual(header.mapping);
    expect((form.get('file') as File).name).toBe('liste.csv');
  });

  it('shows the history to administrators: display and delete with confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => answer(c.url));
    renderPage(<BomImportPage />, { user: administrator });
    await user.click(screen.getByRole('button', { name: 'Verlauf' }));
    const row = within(await screen.findByTestId('bom-import-history-r1'));
    expect(row.getByText('Anna Admin')).toBeInTheDocument();
    expect(row.getByText('50 %')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Anzeigen' }));
    expect(await screen.findByTestId('bom-import-estimate')).toHaveTextContent('102,00 € – 130,00 €');

    // the panel closed: the page is reachable again
    await user.click(await screen.findByRole('button', { name: 'Verlauf' }));
    await user.click(
      within(await screen.findByTestId('bom-import-history-r1')).getByRole('button', { name: 'Löschen' }),
    );
    expect(await screen.findByText('Soll der Import liste.csv mit seinen Zeilen gelöscht werden?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/bom/delete?adminBOMResultIds=r1')).toBe(true));
    expect(await screen.findByText('Der Import wurde gelöscht.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('bom-import-result')).not.toBeInTheDocument());
  });
});
