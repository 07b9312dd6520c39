import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoredBomLine } from '@model/bom-job';
import { mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { customerUser } from '@/testing/enquiry-fixtures';
import { BomArticleTable } from './bom-article-table';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const base = { problems: [], manualReplacement: false, edited: false, isSuppliedPart: false };
const lines: StoredBomLine[] = [
  {
    ...base,
    id: '0000003',
    rowNumber: 3,
    orderNumber: '3RT2015',
    quantity: 2,
    matchedArticleId: 'a1',
    matchedArticle: { id: 'a1', orderNumber: '3RT2015-1BB41', manufacturerName: 'Siemens', description: 'Schütz' },
  },
  {
    ...base,
    id: '0000004',
    rowNumber: 4,
    orderNumber: 'UNBEKANNT-1',
    quantity: 1.5,
    bomError: 'ARTICLE_NOT_FOUND' as StoredBomLine['bomError'],
    problems: ['ARTICLE_NOT_FOUND' as StoredBomLine['problems'][number]],
  },
];
const summary = { revision: 1, lineCount: 2, errorCount: 1, successRate: 50, errorsByType: {}, mappedAt: new Date() };

describe('BomArticleTable', () => {
  it('shows lines with markers and the success rate, filters errors only, and matches a line manually', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (c.url.startsWith('/api/enquiry/bom/lines?')) {
        const errorsOnly = c.url.includes('errorsOnly=true');
        const content = errorsOnly ? lines.filter((l) => l.bomError) : lines;
        return { body: { content, totalElements: content.length, summary } };
      }
      if (c.url.startsWith('/api/article/search?'))
        return { body: [{ id: 'a9', orderNumber: 'UNBEKANNT-1-NEU', manufacturerName: 'ABB', description: 'Relais' }] };
      if (c.url === '/api/enquiry/bom/line')
        return { body: { line: { ...lines[1], manualReplacement: true }, summary, bomSummary: summary } };
      return undefined;
    });
    renderPage(<BomArticleTable owner={{ enquiryId: 'e1' }} canChange />, { user: customerUser });
    expect(await screen.findByTestId('bom-success-rate')).toHaveTextContent('Erfolgsquote: 50 %');
    const matched = within(screen.getByTestId('bom-line-3'));
    // the file's number, and the catalogue original beside it
    expect(matched.getByText('3RT2015')).toBeInTheDocument();
    expect(matched.getByText('Katalog: 3RT2015-1BB41')).toBeInTheDocument();
    expect(matched.getByText('Zugeordnet')).toBeInTheDocument();
    expect(within(screen.getByTestId('bom-line-4')).getByText('Artikel nicht gefunden')).toBeInTheDocument();
    expect(within(screen.getByTestId('bom-line-4')).getByText('1,5')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Nur Fehler' }));
    await waitFor(() => expect(screen.queryByTestId('bom-line-3')).not.toBeInTheDocument());
    expect(calls.at(-1)!.url).toContain('errorsOnly=true');
    expect(screen.getByRole('switch', { name: 'Ersetzte Artikel' })).not.toBeChecked();

    await user.click(screen.getByRole('columnheader', { name: /Menge/ }).querySelector('span')!);
    await waitFor(() => expect(calls.at(-1)!.url).toContain('column=quantity'));

    await user.click(within(screen.getByTestId('bom-line-4')).getByRole('button', { name: 'Artikel zuordnen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Artikel manuell zuordnen' }));
    expect(dialog.getByLabelText('Bestellnummer')).toHaveAttribute('readonly');
    await user.click(await dialog.findByRole('button', { name: /UNBEKANNT-1-NEU/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/enquiry/bom/line')).toBe(true));
    expect(calls.find((c) => c.url === '/api/enquiry/bom/line')!.body).toEqual({
      enquiryId: 'e1',
      lineId: '0000004',
      matchedArticleId: 'a9',
    });
    expect(await screen.findByText('Die Position wurde gespeichert.')).toBeInTheDocument();
  });

  it('read-only for a locked enquiry: no match action', async () => {
    mockFetch((c) =>
      c.url.startsWith('/api/enquiry/bom/lines?') ? { body: { content: lines, totalElements: 2, summary } } : undefined,
    );
    renderPage(<BomArticleTable owner={{ enquiryId: 'e1' }} canChange={false} />, { user: customerUser });
    expect(await screen.findByTestId('bom-line-3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Artikel zuordnen' })).not.toBeInTheDocument();
  });
});
