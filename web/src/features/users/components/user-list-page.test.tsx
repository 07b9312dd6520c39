import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@model/user';
import { mockFetch } from '@/testing/fetch-mock';
import { answerPage } from '@/testing/page-server';
import { makeCompany, makeUser, renderPage } from '@/testing/render';
import { UserListPage } from './user-list-page';

const customer = makeCompany({ id: 'c1', name: 'Müller GmbH' });
const supplier = makeCompany({ id: 's1', name: 'Weber AG', type: 'SUPPLIER' });
const users: User[] = [
  {
    ...makeUser({ id: 'a', name: 'Anna', lastname: 'Zeller', mail: 'anna@mueller.de', loginCounter: 3 }),
    company: customer,
  },
  {
    ...makeUser({
      id: 'b',
      name: 'Bernd',
      lastname: 'Adler',
      mail: 'bernd@weber.de',
      companyId: 's1',
      loginCounter: 1,
    }),
    company: supplier,
  },
];

function api() {
  return mockFetch((c) => {
    // GET /user/filter, answered like the server: search, company filter, sort, page
    if (c.url.startsWith('/api/user/filter?'))
      return answerPage(c.url, users, {
        searchText: (u) => `${u.name} ${u.lastname} ${u.mail}`,
        columns: { lastname: (u) => u.lastname, name: (u) => u.name, loginCounter: (u) => u.loginCounter },
        filters: { companyIds: (u, ids) => ids.includes(u.companyId) },
      });
    if (c.url === '/api/company/all') return { body: [customer, supplier] };
    if (c.url === '/api/user/export') return { raw: '\uFEFF"Nachname"\r\n', headers: { 'Content-Type': 'text/csv' } };
    if (c.url === '/api/user/lastlogin')
      return { body: { mail: 'anna@mueller.de', lastLoginAt: '2025-05-22T08:30:00.000Z' } };
    return undefined;
  });
}

describe('UserListPage', () => {
  it('admin company: company column, last-login box, company filter, export without the display column', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<UserListPage />, { user: makeUser({}, { id: 'adm', type: 'ADMIN', name: 'Schrankwerk' }) });
    const rows = await screen.findAllByTestId('list-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Adler', 'Zeller']);
    expect(screen.getByRole('columnheader', { name: 'Firma' })).toBeInTheDocument();
    expect(await screen.findByTestId('last-login')).toHaveTextContent('anna@mueller.de');

    await user.click(screen.getByRole('button', { name: 'Nach Firma filtern' }));
    await user.click(screen.getByRole('checkbox', { name: 'Weber AG' }));
    await user.click(screen.getByRole('button', { name: 'Anwenden' }));
    expect(await screen.findByText('1 Eintrag')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // the export is the server's (every matching row): the list's filter and the table's columns, no display column
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/export')).toBe(true));
    const exported = calls.find((c) => c.url === '/api/user/export')!;
    expect(exported.method).toBe('POST');
    const body = exported.body as { query: { companyIds?: string[] }; columns: { label: string }[] };
    // every company starts checked; unchecking Weber AG leaves Müller GmbH's users
    expect(screen.getByTestId('list-row')).toHaveTextContent('Zeller');
    expect(body.query.companyIds).toEqual(['c1']);
    expect(body.columns.map((c) => c.label)).toEqual([
      'Nachname',
      'Vorname',
      'E-Mail',
      'Firma',
      'Anmeldungen',
      'Letzte Anmeldung',
    ]);
  });

  it('customer admin: own users without company column and filter; display opens /user/{id}', async () => {
    const user = userEvent.setup({ delay: null });
    api();
    renderPage(<UserListPage />, { user: makeUser({ admin: true }) });
    await screen.findAllByTestId('list-row');
    expect(screen.queryByRole('columnheader', { name: 'Firma' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nach Firma filtern' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('last-login')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hinzufügen' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Anzeigen' })[0]);
    expect(screen.getByTestId('location')).toHaveTextContent('/user/b');
  });

  it('ADMIN company without admin flag: the company filter too, sent to the server as companyIds', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<UserListPage />, { user: makeUser({ admin: false }, { id: 'adm', type: 'ADMIN' }) });
    expect(await screen.findAllByTestId('list-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Nach Firma filtern' }));
    await user.click(screen.getByRole('checkbox', { name: 'Müller GmbH' }));
    await user.click(screen.getByRole('button', { name: 'Anwenden' }));
    expect(await screen.findByText('1 Eintrag')).toBeInTheDocument();
    expect(screen.getByTestId('list-row')).toHaveTextContent('Adler');
    const last = calls.filter((c) => c.url.startsWith('/api/user/filter?')).at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('companyIds')).toBe('s1');
  });

  it('users without admin flag cannot add or delete', async () => {
    api();
    renderPage(<UserListPage />, { user: makeUser({ admin: false }, { type: 'ADMIN' }) });
    await screen.findAllByTestId('list-row');
    expect(screen.queryByRole('button', { name: 'Hinzufügen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Zeile auswählen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anzeigen' })).not.toBeInTheDocument();
  });
});
