import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, preloadAppSlots, renderPage } from '@/testing/render';
import { makeArticle, makeFieldValue } from '../testing/article-fixtures';
import { ArticleListPage } from './article-list-page';

const me = makeUser({ admin: false }, { id: 'adm', type: 'ADMIN' });
const phoenix = makeFieldValue({ abbreviation: 'PXC' });
const wago = makeFieldValue({ id: 'm2', displayName: 'WAGO', nameVariants: [] });

function setup(state?: unknown) {
  const calls = mockFetch((c) => {
    // the server finds by name, abbreviation or variant (GET /manufacturer/filter); here: "PXC" and "phoe" find Phoenix
    if (c.url.startsWith('/api/manufacturer/filter')) {
      const search = new URL(c.url, 'http://x').searchParams.get('search')?.toLowerCase() ?? '';
      const found = [phoenix, wago].filter(
        (m) =>
          !search ||
          ['pxc', 'phoe'].includes(search) === (m.id === 'm1') ||
          m.displayName.toLowerCase().startsWith(search),
      );
      return { body: { content: found, totalElements: found.length } };
    }
    if (c.url === '/api/manufacturer/?id=m2') return { body: wago };
    if (c.url.startsWith('/api/article/filter'))
      return {
        body: {
          content: [makeArticle(), makeArticle({ id: 'a2', orderNumber: '221-412', listPrice: 0.39 })],
          totalElements: 2,
        },
      };
    if (c.url.startsWith('/api/article/delete')) return { body: { ok: true } };
    return undefined;
  });
  renderPage(<ArticleListPage />, { route: '/article', state, user: me });
  return calls;
}
/** The list's own manufacturer filter (the page's sections below it have one each, e.g. the export's). */
const manufacturerFilter = () => {
  const filter = screen.getAllByLabelText('Hersteller').find((field) => !field.closest('section'));
  if (!filter) throw new Error('the list has no manufacturer filter');
  return filter;
};
const filterCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith('/api/article/filter')).map((c) => new URL(c.url, 'http://x').searchParams);

// the sections other features contribute (import, export) are rendered at once, as after their chunks loaded
beforeAll(() => preloadAppSlots());

describe('ArticleListPage', () => {
  it('shows the columns with EUR and German numbers; the manufacturer preset from navigation state is sent', async () => {
    const calls = setup({ manufacturerId: 'm2' });
    expect(await screen.findByText('1.234,50 €')).toBeInTheDocument();
    expect(screen.getAllByText('0,52')).toHaveLength(2);
    expect(screen.getAllByText('0,006')).toHaveLength(2);
    await waitFor(() => expect(filterCalls(calls).at(-1)?.get('manufacturer')).toBe('m2'));
    expect(filterCalls(calls).at(-1)?.get('column')).toBe('orderNumber');
    expect(await screen.findByDisplayValue('WAGO')).toBeInTheDocument();
  });

  it('the manufacturer filter finds "Phoenix Contact" by its abbreviation "PXC" on the server and filters by its id', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await screen.findByText('1.234,50 €');
    await user.type(manufacturerFilter(), 'PXC');
    // the answer to "PXC" (after the typing pause) holds Phoenix Contact only, shown with the name it was found by
    await waitFor(() => expect(screen.queryByRole('option', { name: /WAGO/ })).not.toBeInTheDocument());
    const option = screen.getByRole('option', { name: /Phoenix Contact/ });
    expect(option).toHaveTextContent('auch: PXC');
    expect(
      calls.some(
        (c) =>
          new URL(c.url, 'http://x').searchParams.get('search') === 'PXC' && c.url.includes('/api/manufacturer/filter'),
      ),
    ).toBe(true);
    await user.click(option);
    await waitFor(() => expect(filterCalls(calls).at(-1)?.get('manufacturer')).toBe('m1'));
    expect(screen.getByDisplayValue('Phoenix Contact')).toBeInTheDocument();
  });

  it('the order-number search is sent on Enter, not while typing', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await screen.findByText('1.234,50 €');
    await user.type(screen.getByLabelText('Bestellnummer (Enter)'), '3211');
    expect(filterCalls(calls).some((p) => p.get('orderNumber'))).toBe(false);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(filterCalls(calls).at(-1)?.get('orderNumber')).toBe('3211'));
  });

  it('multi-delete asks with the count and deletes one by one', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup();
    await screen.findByText('1.234,50 €');
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    await user.click(within(screen.getByTestId('context-bar')).getByRole('button', { name: /Löschen/ }));
    expect(await screen.findByText('Sollen die 2 ausgewählten Artikel gelöscht werden?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Artikel wurden gelöscht.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/article/delete')).map((c) => c.url)).toEqual([
      '/api/article/delete?id=a1',
      '/api/article/delete?id=a2',
    ]);
  });
});
