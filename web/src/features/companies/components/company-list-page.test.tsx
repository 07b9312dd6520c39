import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { asPhone } from '@/testing/phone';
import type { Company } from '@model/company';
import { answerPage } from '@/testing/page-server';
import { makeCompany, makeUser, renderPage } from '@/testing/render';
import { CompanyListPage } from './company-list-page';

const complete = makeCompany({ id: 'p1', name: 'Pending Lieferant', type: 'SUPPLIER', pendingRegistration: true });
const registered = makeCompany({ id: 'p2', name: 'Pending Kunde', pendingRegistration: true });
const inactive = makeCompany({ id: 'i1', name: 'Alt GmbH', active: false, customerNumber: 'K-1' });
const active = makeCompany({ id: 'a1', name: 'Aktiv GmbH', customerNumber: 'K-2' });

/** GET /company/filter, answered like the server: search, type filter, sort, page. */
const isList = (url: string) => url.startsWith('/api/company/filter?');
const listOf = (url: string, companies: Company[]) =>
  answerPage(url, companies, {
    searchText: (c) => c.name,
    columns: { name: (c) => c.name, type: (c) => c.type },
    filters: { types: (c, types) => types.includes(c.type) },
  });

afterEach(() => vi.unstubAllGlobals());

describe('CompanyListPage', () => {
  it('shows the status in the spec colours and releases a complete pending company with the full form', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (isList(c.url)) return listOf(c.url, [complete, registered, inactive, active]);
      if (c.url === '/api/company/update') return { body: { ...complete, pendingRegistration: false } };
      return undefined;
    });
    renderPage(<CompanyListPage />, { user: makeUser({}, { type: 'ADMIN' }) });
    await screen.findAllByTestId('list-row');
    expect(screen.getAllByTestId('status-pending')[0]).toHaveStyle({ backgroundColor: '#f2af00' });
    expect(screen.getByTestId('status-inactive')).toHaveStyle({ backgroundColor: 'rgb(255, 0, 0)' });
    expect(screen.getByTestId('status-active')).toHaveStyle({ backgroundColor: 'rgb(0, 128, 0)' });

    const row = screen.getAllByTestId('list-row').find((r) => r.textContent?.includes('Pending Lieferant'))!;
    await user.click(within(row).getByRole('button', { name: 'Freigeben' }));
    // the release is confirmed first (nothing is sent before)
    const dialog = await screen.findByRole('dialog', { name: 'Firma freigeben' });
    expect(within(dialog).getByText('Soll die Firma Pending Lieferant freigegeben werden?')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/company/update')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Die Firma Pending Lieferant wurde freigegeben.')).toBeInTheDocument();
    const update = calls.find((c) => c.url === '/api/company/update')!;
    expect(update.body).toMatchObject({
      id: 'p1',
      name: 'Pending Lieferant',
      type: 'SUPPLIER',
      pendingRegistration: false,
      address: complete.address,
    });
  });

  it('a registered customer without customer number: the dialog asks for it, then releases with it', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (isList(c.url)) return listOf(c.url, [registered]);
      if (c.url === '/api/company/update')
        return { body: { ...registered, customerNumber: 'K-77', pendingRegistration: false } };
      return undefined;
    });
    renderPage(<CompanyListPage />, { user: makeUser({}, { type: 'ADMIN' }) });
    const [row] = await screen.findAllByTestId('list-row');
    await user.click(within(row).getByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Firma freigeben' });
    expect(screen.getByTestId('location')).toHaveTextContent('/');
    // empty: the model's rule refuses it in German, nothing is sent
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(await within(dialog).findByText('Pflichtfeld')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/company/update')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Kundennummer/), 'K-77');
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Die Firma Pending Kunde wurde freigegeben.')).toBeInTheDocument();
    const update = calls.find((c) => c.url === '/api/company/update')!;
    expect(update.body).toMatchObject({ id: 'p2', customerNumber: 'K-77', pendingRegistration: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancel releases nothing; a company that lacks more than the number is completed in the form', async () => {
    const user = userEvent.setup({ delay: null });
    const noAddress = makeCompany({ id: 'p3', name: 'Ohne Adresse', type: 'SUPPLIER', pendingRegistration: true });
    noAddress.address = { ...noAddress.address, city: '' };
    const calls = mockFetch((c) => (isList(c.url) ? listOf(c.url, [complete, noAddress]) : undefined));
    renderPage(<CompanyListPage />, { user: makeUser({}, { type: 'ADMIN' }) });
    await screen.findAllByTestId('list-row');
    const rowOf = (name: string) => screen.getAllByTestId('list-row').find((r) => r.textContent?.includes(name))!;
    await user.click(within(rowOf('Pending Lieferant')).getByRole('button', { name: 'Freigeben' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.url === '/api/company/update')).toBe(false);

    await user.click(within(rowOf('Ohne Adresse')).getByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/vervollständigen Sie die Firmendaten/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zum Formular' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/company/p3');
    expect(calls.some((c) => c.url === '/api/company/update')).toBe(false);
  });

  it('filters by type and deletes (deactivates) the selection after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => {
      if (isList(c.url)) return listOf(c.url, [complete, registered, inactive, active]);
      if (c.url.startsWith('/api/company/delete')) return { body: { ok: true } };
      return undefined;
    });
    renderPage(<CompanyListPage />, { user: makeUser({}, { type: 'ADMIN' }) });
    await screen.findAllByTestId('list-row');
    await user.click(screen.getByRole('button', { name: 'Nach Firmentyp filtern' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kunde' }));
    await user.click(screen.getByRole('button', { name: 'Anwenden' }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Zeile auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    // server mode: the type filter was a request of its own; count the list loads from here on
    const loadsBefore = calls.filter((c) => isList(c.url)).length;
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Die Firmen wurden deaktiviert.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/company/delete')).map((c) => c.url)).toEqual([
      '/api/company/delete?companyId=p1',
    ]);
    // the list is loaded again, once, after the delete
    await waitFor(() => expect(calls.filter((c) => isList(c.url))).toHaveLength(loadsBefore + 1));
  });

  it('on a phone the admin sees each company as a card with its state and "Freigeben"', async () => {
    asPhone();
    const user = userEvent.setup({ delay: null });
    mockFetch((c) => (isList(c.url) ? listOf(c.url, [complete, active]) : undefined));
    renderPage(<CompanyListPage />, { user: makeUser({}, { type: 'ADMIN' }) });
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(2));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getAllByTestId('list-row').find((r) => r.textContent?.includes('Pending Lieferant'))!);
    expect(card.getByTestId('card-title')).toHaveTextContent('Pending Lieferant');
    expect(within(card.getByTestId('card-state')).getByTestId('status-pending')).toHaveTextContent(
      'Freigabe ausstehend',
    );
    await user.click(card.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByRole('dialog', { name: 'Firma freigeben' })).toBeInTheDocument();
  });
});
