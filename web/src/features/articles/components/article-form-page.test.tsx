import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { makeArticle, makeFieldValue } from '../testing/article-fixtures';
import { ArticleFormPage } from './article-form-page';

const me = makeUser({ admin: false }, { id: 'adm', type: 'ADMIN' });

function setup(save: { status: number; body: unknown }, taken: string[] = []) {
  const calls = mockFetch((c) => {
    if (c.url.startsWith('/api/manufacturer/all')) return { body: [makeFieldValue()] };
    // the server finds a unit by name or variant: "stk" is a variant of "Stück"
    if (c.url.startsWith('/api/unit/filter')) {
      const search = new URL(c.url, 'http://x').searchParams.get('search')?.toLowerCase();
      const found = search === 'stk' ? [stueck] : [];
      return { body: { content: found, totalElements: found.length } };
    }
    if (
      c.url.startsWith('/api/unit/all') ||
      c.url.startsWith('/api/discountgroup/all') ||
      c.url.startsWith('/api/wholesaler/all')
    )
      return { body: [] };
    if (c.url === '/api/article/replace') {
      const number = (c.body as { orderNumber?: string }).orderNumber ?? '';
      return { body: { article: taken.includes(number) ? makeArticle({ id: 'other' }) : null } };
    }
    if (c.url === '/api/article/' && c.method === 'POST') return save;
    return undefined;
  });
  renderPage(<ArticleFormPage />, { route: '/article/new', path: '/article/:id', user: me });
  return calls;
}

const stueck = makeFieldValue({ id: 'u1', displayName: 'Stück', nameVariants: ['Stk', 'pcs'] });

describe('ArticleFormPage (create)', () => {
  it('the unit select finds "Stück" by its variant "Stk" and saves its id', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({ status: 201, body: makeArticle({ id: 'n' }) });
    await user.type(await screen.findByLabelText('Bestellnummer'), 'X1');
    await user.type(screen.getByRole('combobox', { name: 'Einheit' }), 'Stk');
    const option = await screen.findByRole('option', { name: /Stück/ });
    expect(option).toHaveTextContent('auch: Stk');
    await user.click(option);
    expect(screen.getByRole('combobox', { name: 'Einheit' })).toHaveValue('Stück');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der Artikel wurde gespeichert.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/article/' && c.method === 'POST')!.body).toMatchObject({ unitId: 'u1' });
  });

  it('alternatives: disabled without a main number, refused when equal to it or taken elsewhere; numbers are sent as numbers', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({ status: 201, body: makeArticle({ id: 'n' }) }, ['9999']);
    const alternative = await screen.findByLabelText('Alternative Bestellnummer');
    expect(alternative).toBeDisabled();
    await user.type(screen.getByLabelText('Bestellnummer'), '3211-757');
    await user.type(alternative, '3211 757{Enter}');
    expect(await screen.findByText('Diese Nummer ist bereits vergeben.')).toBeInTheDocument();
    await user.clear(alternative);
    await user.type(alternative, '9999{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/article/replace')).toHaveLength(1));
    await user.clear(alternative);
    await user.type(alternative, ' PT 2,5 {Enter}');
    expect(await screen.findByText('PT 2,5')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Listenpreis (EUR)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der Artikel wurde gespeichert.')).toBeInTheDocument();
    const body = calls.find((c) => c.url === '/api/article/' && c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      orderNumber: '3211-757',
      listPrice: 12.5,
      possibleOrderNumbers: ['PT 2,5'],
      articleImportSource: 'MANUAL',
    });
    expect(screen.queryByText('9999')).not.toBeInTheDocument();
  });

  it('refuses 3 decimals and a non-http link before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({ status: 201, body: makeArticle() });
    await user.type(await screen.findByLabelText('Bestellnummer'), 'X1');
    await user.type(screen.getByLabelText('Gewicht (kg)'), '1.234');
    await user.type(screen.getByLabelText('Link zum Hersteller'), 'ftp://x.de');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findAllByText('Ungültiger Wert.')).toHaveLength(2);
    expect(calls.some((c) => c.url === '/api/article/')).toBe(false);
  });

  it('406: the create-conflict text', async () => {
    const user = userEvent.setup({ delay: null });
    setup({ status: 406, body: { code: 'articleCreateConflict', message: 'x' } });
    await user.type(await screen.findByLabelText('Bestellnummer'), 'X1');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Die Bestellnummer oder Herstellernummer ist bereits vergeben/)).toBeInTheDocument();
  });
});

describe('ArticleEditor (the editor slot: another feature opens the form in its side panel)', () => {
  it('loads the article, saves through POST /article/update and hands the saved article on; Back closes', async () => {
    const { ArticleEditor } = await import('./article-editor');
    const { articlesFeature } = await import('../feature');
    expect(articlesFeature.editors?.map((e) => e.kind)).toEqual(['article']);
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (/^\/api\/(manufacturer|unit|discountgroup|wholesaler)\/all/.test(c.url)) return { body: [] };
      if (c.url === '/api/article/?id=a7') return { body: makeArticle({ id: 'a7', description: 'Alt', weight: 0.5 }) };
      if (c.url === '/api/article/update') return { body: makeArticle({ id: 'a7', description: 'Neu' }) };
      return undefined;
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderPage(<ArticleEditor id="a7" onSaved={onSaved} onClose={onClose} />, { user: me });
    const description = await screen.findByLabelText('Beschreibung');
    await waitFor(() => expect(description).toHaveValue('Alt'));
    await user.clear(description);
    await user.type(description, 'Neu');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'a7', description: 'Neu' })),
    );
    expect(calls.find((c) => c.url === '/api/article/update')!.body).toMatchObject({ id: 'a7', description: 'Neu' });
    // no navigation: the editor stays where it was opened
    expect(screen.getByTestId('location')).toHaveTextContent('/');
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(onClose).toHaveBeenCalled();
  });
});
