import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { berlinDate } from '@model/business-data';
import { mockFetch } from '@/testing/fetch-mock';
import { typeDay } from '@/testing/date-field';
import { renderPage } from '@/testing/render';
import { makeFolder, supplierAdmin } from '../testing/folder-fixtures';
import { InvitationsSection } from './invitations-section';

beforeAll(async () => {
  await Promise.all([import('@/lib/notify'), import('@/lib/errors')]);
});

function api() {
  return mockFetch((c) => {
    if (c.url === '/api/offer/businessdata/share' && c.method === 'POST')
      return { status: 201, body: (c.body as { visibilityEntries: unknown[] }).visibilityEntries };
    if (c.url === '/api/offer/businessdata/share/delete' && c.method === 'POST') return { body: { removed: true } };
    return undefined;
  });
}

const day = (offset: number) => berlinDate(new Date(Date.now() + offset * 86_400_000));
/** The day as a person types it into the German date field: TTMMJJJJ. */
const typed = (iso: string) => iso.split('-').reverse().join('');
const withEntries = () =>
  makeFolder({
    allowExternal: true,
    visibilities: [
      { email: 'leser@extern.de', read: true, write: false },
      { email: 'alt@extern.de', read: true, write: true, endDate: '2020-01-31' },
    ],
  });

afterEach(() => vi.unstubAllGlobals());

describe('InvitationsSection', () => {
  it('validation in German before any call: no address, a malformed one, write without read, an end date in the past', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<InvitationsSection view={makeFolder()} />, { user: supplierAdmin });
    expect(
      screen.getByText(
        'Eingeladene externe Benutzer haben erst Zugriff, wenn „Externe Benutzer zulassen“ eingeschaltet ist.',
      ),
    ).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Hinzufügen' });
    await user.click(add);
    expect(await screen.findByText('Pflichtfeld')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^E-Mail/), 'kein-mail');
    await user.click(add);
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-Mail/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText(/^E-Mail/));
    await user.type(screen.getByLabelText(/^E-Mail/), 'elektriker@extern.de');
    await user.click(screen.getByRole('checkbox', { name: 'Lesen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Schreiben' }));
    await user.click(add);
    expect(await screen.findByText('Wer schreiben darf, muss auch lesen dürfen.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-Mail/)).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('checkbox', { name: 'Lesen' }));
    await typeDay(user, /^Enddatum/, typed(day(-2)));
    await user.click(add);
    expect(await screen.findByText('Das Enddatum liegt in der Vergangenheit.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('adds an invitation (mail, end date, read and write) and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<InvitationsSection view={makeFolder()} />, { user: supplierAdmin });
    await user.type(screen.getByLabelText(/^E-Mail/), ' Elektriker@Extern.de ');
    await typeDay(user, /^Enddatum/, typed(day(30)));
    await user.click(screen.getByRole('checkbox', { name: 'Schreiben' }));
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(await screen.findByText('Elektriker@Extern.de wurde eingeladen.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      offerId: 'o1',
      visibilityEntries: [{ email: 'Elektriker@Extern.de', endDate: day(30), read: true, write: true }],
    });
    await waitFor(() => expect(screen.getByLabelText(/^E-Mail/)).toHaveValue(''));
  });

  it('lists the invitations (rights, end date, expired) and removes one', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<InvitationsSection view={withEntries()} />, { user: supplierAdmin });
    const rows = screen.getAllByTestId('invitation-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('leser@extern.deunbegrenztNur lesen');
    expect(rows[1]).toHaveTextContent('alt@extern.de31.01.2020 (abgelaufen)Lesen und Schreiben');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Freigabe für alt@extern.de entfernen' }));
    expect(await screen.findByText('Die Freigabe für alt@extern.de wurde entfernt.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/offer/businessdata/share/delete',
      body: { offerId: 'o1', email: 'alt@extern.de' },
    });
  });

  it('a refusal of the server (too many invitations) in German', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch((c) =>
      c.url === '/api/offer/businessdata/share'
        ? { status: 409, body: { code: 'tooManyInvitations', message: 'x' } }
        : undefined,
    );
    renderPage(<InvitationsSection view={makeFolder()} />, { user: supplierAdmin });
    await user.type(screen.getByLabelText(/^E-Mail/), 'noch@extern.de');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(
      await screen.findByText('Dieser Projektordner hat bereits die höchstmögliche Zahl an Freigaben (100).'),
    ).toBeInTheDocument();
  });

  it('the mail limit of a day (429 tooManyInvitationMails) in German, not as a generic throttle', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch((c) =>
      c.url === '/api/offer/businessdata/share'
        ? { status: 429, body: { code: 'tooManyInvitationMails', message: 'x' } }
        : undefined,
    );
    renderPage(<InvitationsSection view={makeFolder()} />, { user: supplierAdmin });
    await user.type(screen.getByLabelText(/^E-Mail/), 'noch@extern.de');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(
      await screen.findByText(
        'Aus diesem Projektordner wurden innerhalb von 24 Stunden bereits 50 Einladungen verschickt. Bitte laden Sie weitere Personen später ein.',
      ),
    ).toBeInTheDocument();
  });
});
