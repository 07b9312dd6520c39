import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { makeCompany, makeUser, renderPage } from '@/testing/render';
import { UserFormPage } from './user-form-page';

const active = makeCompany({ id: 'c1', name: 'Aktiv GmbH' });
const inactive = makeCompany({ id: 'c2', name: 'Inaktiv GmbH', active: false });
const pending = makeCompany({ id: 'c3', name: 'Wartend GmbH', pendingRegistration: true });
const external = makeCompany({ id: 'c4', name: 'Extern GmbH', type: 'EXTERNAL' });

async function fill(user: UserEvent) {
  await user.type(await screen.findByLabelText(/^Vorname/), 'Ina');
  await user.type(screen.getByLabelText(/^Nachname/), 'Neu');
  await user.type(screen.getByLabelText(/^E-Mail/), 'ina@firma.de');
  await user.type(screen.getByLabelText(/^Telefon/), '0711-1');
}

function setup(answer: { status: number; body: unknown }, admin = false) {
  const calls = mockFetch((c) => {
    if (c.url === '/api/company/all') return { body: [active, inactive, pending, external] };
    if (c.url === '/api/user/' && c.method === 'POST') return answer;
    return undefined;
  });
  const me = admin ? makeUser({}, { id: 'adm', type: 'ADMIN' }) : makeUser({ companyId: 'own' }, { id: 'own' });
  renderPage(<UserFormPage />, { route: '/user/new', path: '/user/:id', user: me });
  return calls;
}

/** Renders the create form for a non-admin-company user, fills it in and saves. */
async function submitNew(answer: { status: number; body: unknown }) {
  const user = userEvent.setup({ delay: null });
  setup(answer);
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
}

describe('UserFormPage (create)', () => {
  it('201: success toast, back to /user; own company set automatically', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({ status: 201, body: makeUser({ id: 'n' }) });
    expect(screen.getByText('Benutzer anlegen')).toBeInTheDocument();
    await fill(user);
    expect(screen.queryByLabelText(/^Firma/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Firmenadministrator' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Der Benutzer wurde angelegt/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Ina',
      lastname: 'Neu',
      mail: 'ina@firma.de',
      phoneNumber: '0711-1',
      admin: true,
      companyId: 'own',
    });
  });

  it('German texts for the length limit and for bidi-override characters; nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({ status: 201, body: makeUser({ id: 'n' }) });
    await fill(user);
    await user.type(screen.getByLabelText(/^Vorname/), 'x'.repeat(100));
    await user.type(screen.getByLabelText(/^Nachname/), '\u202Etxt.exe');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Höchstens 100 Zeichen.')).toBeInTheDocument();
    expect(screen.getByText('Steuer- und Textrichtungszeichen sind nicht erlaubt.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/must be|characters|validation\./);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('200 mailExternal: warning about the external party, nothing navigates', async () => {
    await submitNew({ status: 200, body: { code: 'mailExternal' } });
    expect(await screen.findByText(/gehört zu einem externen Partner/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/new');
  });

  it('409: "E-Mail wird bereits verwendet"', async () => {
    await submitNew({ status: 409, body: { code: 'mailInUse' } });
    expect(await screen.findByText('E-Mail wird bereits verwendet')).toBeInTheDocument();
  });

  it('412 gives the generic create error', async () => {
    await submitNew({ status: 412, body: { code: 'companyNotActive' } });
    expect(await screen.findByText('Der Benutzer konnte nicht angelegt werden.')).toBeInTheDocument();
  });

  it('admin company: company is required and only active companies are offered', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({ status: 201, body: makeUser() }, true);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Pflichtfeld')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: /Firma/ }));
    expect(screen.getByRole('option', { name: 'Aktiv GmbH' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Inaktiv GmbH' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Wartend GmbH' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Extern GmbH' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Aktiv GmbH' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ companyId: 'c1' }));
  });
});

describe('UserFormPage (edit)', () => {
  function edit(target: ReturnType<typeof makeUser>, me: ReturnType<typeof makeUser>) {
    mockFetch((c) => (c.url === '/api/company/all' ? { body: [active, inactive, pending, external] } : undefined));
    renderPage(<UserFormPage />, { route: `/user/${target.id}`, path: '/user/:id', user: me, state: { user: target } });
  }

  it('own record: admin switch and company select are disabled', async () => {
    const me = makeUser({ id: 'pa', companyId: 'adm' }, { id: 'adm', type: 'ADMIN' });
    edit(me, me);
    expect(await screen.findByDisplayValue('Max')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Firmenadministrator' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Firma/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('another user: both editable; the current (pending) company stays visible', async () => {
    const user = userEvent.setup({ delay: null });
    const me = makeUser({ id: 'pa', companyId: 'adm' }, { id: 'adm', type: 'ADMIN' });
    const target = makeUser({ id: 'other', companyId: 'c3' }, { id: 'c3' });
    edit(target, me);
    expect(await screen.findByDisplayValue('Max')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Firmenadministrator' })).toBeEnabled();
    await user.click(screen.getByRole('combobox', { name: /Firma/ }));
    expect(screen.getByRole('option', { name: 'Wartend GmbH' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Extern GmbH' })).not.toBeInTheDocument();
  });
});

describe('UserFormPage: customerDesignation', () => {
  const field = () => screen.getByLabelText(/^Kundenbezeichnung/);

  it('optional on create: sent trimmed when given, with its German label and hint', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({ status: 201, body: makeUser({ id: 'n' }) });
    await fill(user);
    expect(field()).not.toBeRequired();
    expect(screen.getByText('Optional, z. B. Abteilung oder Kostenstelle beim Kunden')).toBeInTheDocument();
    await user.type(field(), '  Einkauf Halle 4 ');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Der Benutzer wurde angelegt/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ customerDesignation: 'Einkauf Halle 4' });
  });

  it('the German length message; nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setup({ status: 201, body: makeUser({ id: 'n' }) });
    await fill(user);
    await user.type(field(), 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Höchstens 100 Zeichen.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edit: the stored designation is shown; emptying it sends none (the API removes it)', async () => {
    const user = userEvent.setup({ delay: null });
    const me = makeUser({ id: 'ca', companyId: 'own' }, { id: 'own', type: 'CUSTOMER' });
    const target = makeUser({ id: 'other', companyId: 'own', customerDesignation: 'Projektleitung' }, { id: 'own' });
    const calls = mockFetch((c) => (c.url === '/api/user/update' ? { body: { ...target } } : undefined));
    renderPage(<UserFormPage />, { route: '/user/other', path: '/user/:id', user: me, state: { user: target } });
    expect(await screen.findByDisplayValue('Projektleitung')).toBeInTheDocument();
    await user.clear(field());
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/user/update')).toHaveLength(1));
    const body = calls.find((c) => c.url === '/api/user/update')!.body;
    expect(body).toMatchObject({ id: 'other', name: 'Max' });
    expect(body).not.toHaveProperty('customerDesignation');
  });
});
