import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOOKING_CALENDAR_URL, DOCUMENTATION_URL } from '@model/constants';
import { mockFetch } from '@/testing/fetch-mock';
import { signInWithEmailAndPassword } from '@/testing/fake-auth';
import { makeUser, renderPage } from '@/testing/render';
import { ProfilePage } from './profile-page';

describe('ProfilePage', () => {
  it('customer: greeting, fields, booking link, AVV button, no documentation link, no banners', async () => {
    const logout = vi.fn(async () => undefined);
    renderPage(<ProfilePage />, { user: makeUser({ admin: true }), logout });
    expect(screen.getByText('Hallo Max Muster')).toBeInTheDocument();
    for (const text of ['Max', 'Muster', 'Müller Maschinenbau GmbH', 'Kunde', 'max@firma.de', '+49-89-1']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getByTestId('admin-marker')).toHaveTextContent('Firmenadministrator');
    expect(screen.getByRole('link', { name: 'Beratungstermin buchen' })).toHaveAttribute('href', BOOKING_CALENDAR_URL);
    expect(screen.getByRole('button', { name: 'AVV herunterladen' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dokumentation' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('pending-banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('password-banner')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(logout).toHaveBeenCalled();
  });

  it('a long mail may wrap anywhere instead of widening the page (390 px phones scrolled sideways)', () => {
    const mail = 'kunde.admin.mit.langer.adresse@mueller-maschinenbau-und-anlagentechnik.de';
    renderPage(<ProfilePage />, { user: makeUser({ mail }) });
    const value = screen.getByText(mail);
    expect(value).toHaveStyle({ overflowWrap: 'anywhere', minWidth: '0' });
  });

  it('admin company: documentation link', () => {
    renderPage(<ProfilePage />, { user: makeUser({}, { type: 'ADMIN' }) });
    expect(screen.getByRole('link', { name: 'Dokumentation' })).toHaveAttribute('href', DOCUMENTATION_URL);
  });

  it('external: only mail and company type (plus admin marker), no AVV', () => {
    renderPage(<ProfilePage />, { user: makeUser({ admin: true }, { type: 'EXTERNAL' }) });
    expect(screen.getAllByText('max@firma.de').length).toBeGreaterThan(0);
    expect(screen.getByText('Extern')).toBeInTheDocument();
    expect(screen.getByTestId('admin-marker')).toBeInTheDocument();
    expect(screen.queryByText('Vorname')).not.toBeInTheDocument();
    expect(screen.queryByText('Telefon')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'AVV herunterladen' })).not.toBeInTheDocument();
  });

  it('banners: pending release and first-login password change', () => {
    renderPage(<ProfilePage />, { user: makeUser({ passwordChangeNeeded: true }, { pendingRegistration: true }) });
    expect(screen.getByTestId('pending-banner')).toHaveTextContent('Freigabe');
    expect(screen.getByTestId('password-banner')).toHaveTextContent('neues Passwort');
  });

  it('password change: validates, posts, signs in again and clears the flag locally', async () => {
    const user = userEvent.setup({ delay: null });
    const setUser = vi.fn();
    const calls = mockFetch((c) => (c.url === '/api/user/password/reset' ? { body: { ok: true } } : undefined));
    renderPage(<ProfilePage />, { user: makeUser({ passwordChangeNeeded: true }), setUser });
    await user.type(screen.getByLabelText(/^Neues Passwort/), 'abcdef');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'abcdeg');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Passwort wiederholen/));
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(setUser).toHaveBeenCalledWith(expect.objectContaining({ passwordChangeNeeded: false })));
    expect(calls[0].body).toEqual({ mail: 'max@firma.de', password: 'abcdef' });
    expect(signInWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'max@firma.de', 'abcdef');
    expect(await screen.findByText('Ihr Passwort wurde geändert.')).toBeInTheDocument();
  });
});
