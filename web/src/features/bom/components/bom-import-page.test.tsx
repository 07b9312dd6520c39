import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBomHeaderAnswer, AdminBomResult } from '@model/bom-import';
import type { StoredBomLine } from '@model/bom-job';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, preloadAppSlots, renderPage } from '@/testing/render';
import { BomImportPage } from './bom-import-page';

// the "edit article" view renders the articles' editor from the app's slots
beforeAll(() => preloadAppSlots());

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
    // view 3 of the side panel: No goes back to the history, Yes deletes
    const confirm = within(await screen.findByTestId('bom-import-delete'));
    expect(confirm.getByText('Soll der Import liste.csv mit seinen Zeilen gelöscht werden?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Nein' }));
    await user.click(
      within(await screen.findByTestId('bom-import-history-r1')).getByRole('button', { name: 'Löschen' }),
    );
    await user.click(within(await screen.findByTestId('bom-import-delete')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/bom/delete?adminBOMResultIds=r1')).toBe(true));
    expect(await screen.findByText('Der Import wurde gelöscht.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('bom-import-result')).not.toBeInTheDocument());
  });
});

const matched: StoredBomLine = {
  ...line,
  id: '0000004',
  rowNumber: 4,
  orderNumber: 'K-7',
  matchedArticleId: 'art1',
  matchedArticle: { id: 'art1', orderNumber: 'K-7', description: 'Schütz alt', listPrice: 50 },
};
const article = {
  id: 'art1',
  orderNumber: 'K-7',
  description: 'Schütz alt',
  listPrice: 50,
  articleImportSource: 'MANUAL',
  possibleOrderNumbers: [],
  possibleManufacturerNumbers: [],
  wholesalerInfos: [],
  createDate: '2026-11-01T10:00:00Z',
  lastUpdate: '2026-11-01T10:00:00Z',
};

/** The page showing result r1 (through the import), its table with a line not found and one matched. */
async function showResult(answers: (c: { url: string; method: string; body: unknown }) => unknown) {
  const user = userEvent.setup({ delay: null });
  const calls = mockFetch((c) => {
    const own = answers(c);
    if (own) return own as { body: unknown };
    if (c.url.startsWith('/api/admin/bom/lines?'))
      return { body: { content: [line, matched], totalElements: 2, summary } };
    if (/^\/api\/(manufacturer|unit|discountgroup|wholesaler)\/all/.test(c.url)) return { body: [] };
    return answer(c.url);
  });
  renderPage(<BomImportPage />, { user: adminUser });
  await user.upload(screen.getByTestId('bom-import-file'), new File(['a;b'], 'liste.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Zuordnen' }));
  await user.click(within(await screen.findByTestId('bom-mapping')).getByRole('button', { name: 'Speichern' }));
  // the mapping panel closed: the page is reachable again
  await within(await screen.findByTestId('bom-line-4')).findByRole('button', { name: 'Artikel bearbeiten' });
  return { user, calls };
}

describe('BomImportPage: changing the lines of a result', () => {
  it('matches a line manually through the admin line call; the table and the result reload', async () => {
    const { user, calls } = await showResult((c) => {
      if (c.url.startsWith('/api/article/search?')) return { body: [{ id: 'art9', orderNumber: 'ERSATZ-9' }] };
      if (c.url === '/api/admin/bom/line')
        return { body: { line: { ...line, matchedArticleId: 'art9', manualReplacement: true }, result } };
      return undefined;
    });
    // "edit article" only where the line has a catalogue article
    expect(within(screen.getByTestId('bom-line-3')).queryByRole('button', { name: 'Artikel bearbeiten' })).toBeNull();
    await user.click(within(screen.getByTestId('bom-line-3')).getByRole('button', { name: 'Artikel zuordnen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Artikel manuell zuordnen' }));
    await user.click(await dialog.findByRole('button', { name: /ERSATZ-9/ }));
    expect(await screen.findByText('Die Position wurde gespeichert.')).toBeInTheDocument();
    const save = calls.find((c) => c.url === '/api/admin/bom/line')!;
    expect(save.body).toEqual({ id: 'r1', lineId: '0000003', matchedArticleId: 'art9' });
    // no enquiry call: the admin import's lines are its own
    expect(calls.some((c) => c.url.startsWith('/api/enquiry/bom/line'))).toBe(false);
    const linesAfter = () => calls.filter((c) => c.url.startsWith('/api/admin/bom/lines?')).length;
    await waitFor(() => expect(linesAfter()).toBeGreaterThanOrEqual(2));
  });

  it("edits the matched article in the side panel with the articles' form, then matches the line again", async () => {
    const { user, calls } = await showResult((c) => {
      if (c.url === '/api/article/?id=art1') return { body: article };
      if (c.url === '/api/article/update') return { body: { ...article, ...(c.body as object) } };
      if (c.url === '/api/admin/bom/rematch') return { body: { result, lines: [matched, matched] } };
      return undefined;
    });
    await user.click(within(screen.getByTestId('bom-line-4')).getByRole('button', { name: 'Artikel bearbeiten' }));
    const panel = within(await screen.findByTestId('bom-import-article'));
    expect(await panel.findByRole('heading', { name: 'Artikel bearbeiten' })).toBeInTheDocument();
    const description = await panel.findByLabelText('Beschreibung');
    await waitFor(() => expect(description).toHaveValue('Schütz alt'));
    await user.clear(description);
    await user.type(description, 'Schütz neu');
    await user.click(panel.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('2 Positionen wurden mit dem geänderten Artikel neu abgeglichen.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/article/update')!.body).toMatchObject({
      id: 'art1',
      description: 'Schütz neu',
    });
    expect(calls.find((c) => c.url === '/api/admin/bom/rematch')!.body).toEqual({ id: 'r1', lineId: '0000004' });
    // the article was saved before the re-match
    const order = calls.map((c) => c.url);
    expect(order.indexOf('/api/article/update')).toBeLessThan(order.indexOf('/api/admin/bom/rematch'));
    await waitFor(() => expect(screen.queryByTestId('bom-import-article')).not.toBeInTheDocument());
  });

  it('closes the article view with Back, without saving or matching again', async () => {
    const { user, calls } = await showResult((c) =>
      c.url === '/api/article/?id=art1' ? { body: article } : undefined,
    );
    await user.click(within(screen.getByTestId('bom-line-4')).getByRole('button', { name: 'Artikel bearbeiten' }));
    const panel = within(await screen.findByTestId('bom-import-article'));
    await user.click(await panel.findByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(screen.queryByTestId('bom-import-article')).not.toBeInTheDocument());
    expect(calls.some((c) => c.url === '/api/article/update' || c.url === '/api/admin/bom/rematch')).toBe(false);
  });
});
