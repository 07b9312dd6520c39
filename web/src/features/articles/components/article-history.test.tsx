import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { ArticleHistory } from './article-history';

describe('ArticleHistory', () => {
  it('shows prices in euros and a wholesaler entry by name with its order number and price', async () => {
    const calls = mockFetch((c) =>
      c.url.startsWith('/api/article/history?')
        ? {
            body: {
              totalElements: 1,
              content: [
                {
                  id: 'h1',
                  at: '2026-12-02T05:19:00.000Z',
                  by: 'u1',
                  byName: 'Anna Keller',
                  kind: 'update',
                  changes: [
                    { field: 'listPrice', from: 1.12, to: 1.18 },
                    {
                      field: 'wholesalerInfos',
                      from: null,
                      to: JSON.stringify({ wholesaler: 'Sonepar', orderNumber: 'W1', purchasePrice: 0.67 }),
                    },
                  ],
                },
              ],
            },
          }
        : undefined,
    );
    renderPage(<ArticleHistory id="a7" />, { user: makeUser({}, { id: 'adm', type: 'ADMIN' }) });
    expect(await screen.findByText('Listenpreis (EUR): 1,12 € → 1,18 €')).toBeInTheDocument();
    expect(screen.getByText('Großhändler: – → Sonepar: Bestellnummer W1, Einkaufspreis 0,67 €')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/article/history?') && c.url.includes('id=a7'))).toBe(true);
  });
});
