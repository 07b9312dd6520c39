import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { makeCompany, makeUser, renderPage } from '@/testing/render';
import { CompanyFormPage } from './company-form-page';

describe('CompanyFormPage', () => {
  it('create: required fields, customer number only for customers, EXTERNAL not selectable', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) => (c.url === '/api/company/' ? { status: 201, body: makeCompany() } : undefined));
    renderPage(<CompanyFormPage />, {
      route: '/company/new',
      path: '/company/:id',
      user: makeUser({}, { type: 'ADMIN' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Speichern' }));
    expect((await screen.findAllByText('Pflichtfeld')).length).toBeGreaterThanOrEqual(6);
    expect(screen.getByLabelText(/^Kundennummer/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Firmentyp/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kunde', 'Lieferant', 'Administrator']);
    await user.click(screen.getByRole('option', { name: 'Lieferant' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Kundennummer/)).not.toBeInTheDocument());
    await user.type(screen.getByLabelText(/^Firmenname/), 'Neu AG');
    await user.type(screen.getByLabelText(/^Straße/), 'Weg');
    await user.type(screen.getByLabelText(/^Hausnummer/), '2');
    await user.type(screen.getByLabelText(/^PLZ/), '12345');
    await user.type(screen.getByLabelText(/^Ort/), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/company$/));
    expect(calls.find((c) => c.url === '/api/company/')?.body).toMatchObject({
      name: 'Neu AG',
      type: 'SUPPLIER',
      address: { street: 'Weg', houseNo: '2', zip: '12345', city: 'Berlin' },
    });
  });

  it('release of a registered customer: enter the customer number, release sends pendingRegistration false', async () => {
    const user = userEvent.setup({ delay: null });
    const pending = makeCompany({ id: 'p2', name: 'Registriert GmbH', pendingRegistration: true });
    const calls = mockFetch((c) =>
      c.url === '/api/company/update' ? { body: { ...pending, pendingRegistration: false } } : undefined,
    );
    renderPage(<CompanyFormPage />, {
      route: '/company/p2',
      path: '/company/:id',
      state: { company: pending },
      user: makeUser({}, { type: 'ADMIN' }),
    });
    expect(await screen.findByTestId('status-pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Pflichtfeld')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Kundennummer/), 'K-77');
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Die Firma Registriert GmbH wurde freigegeben.')).toBeInTheDocument();
    expect(calls[0].body).toMatchObject({ id: 'p2', customerNumber: 'K-77', pendingRegistration: false });
  });
});
