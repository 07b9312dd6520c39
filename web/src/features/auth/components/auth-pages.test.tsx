import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { confirmPasswordReset, signInWithEmailAndPassword, verifyPasswordResetCode } from '@/testing/fake-auth';
import { renderPage } from '@/testing/render';
import { ActionPage } from './action-page';
import { ForgetPage } from './forget-page';
import { LoginPage } from './login-page';
import { ResetPage } from './reset-page';

// the sign-in page loads its rules with the first check (a chunk of their own): loaded up front, so the
// validation tests wait for the message, not for the chunk
beforeAll(async () => {
  await import('./login-schema');
});

beforeEach(() => {
  vi.clearAllMocks();
});

describe('LoginPage', () => {
  it('has the links and the version; signs in and marks the login for the counter', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<LoginPage />, { route: '/login' });
    for (const [name, href] of [
      ['Passwort vergessen?', '/forget'],
      ['Jetzt registrieren', '/register'],
      ['Datenschutz', '/privacy'],
      ['Impressum', '/imprint'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByTestId('version')).toHaveTextContent('v1.4.16');
    await user.type(screen.getByLabelText(/^E-Mail/), 'max@firma.de');
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim1');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() =>
      expect(signInWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'max@firma.de', 'geheim1'),
    );
    expect(sessionStorage.getItem('schrankwerk.countLogin')).toBe('1');
  });
});

describe('LoginPage validation', () => {
  it('shows the model rules in German once a field was left, and no stale error when the next one is left', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<LoginPage />, { route: '/login' });
    await user.click(screen.getByLabelText(/^E-Mail/));
    await user.tab();
    expect(await screen.findByText('Pflichtfeld')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^E-Mail/), 'kein-mail');
    await user.tab();
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^E-Mail/));
    await user.type(screen.getByLabelText(/^E-Mail/), 'max@firma.de');
    // the password was empty when the mail field was left; typing it must clear that error before it is shown
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim1');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Pflichtfeld')).toBeNull());
    expect(screen.queryByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(signInWithEmailAndPassword).toHaveBeenCalledTimes(1));
  });
});

describe('ForgetPage', () => {
  it('requests the mail (no token) and shows success; errors show the spec text', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = false;
    const calls = mockFetch(() => (fail ? { status: 500, body: { code: 'internal' } } : { body: { sent: true } }));
    renderPage(<ForgetPage />, { route: '/forget' });
    await user.type(screen.getByLabelText(/^E-Mail/), 'Max@Firma.de');
    await user.click(screen.getByRole('button', { name: 'E-Mail senden' }));
    expect(await screen.findByText(/Falls ein Konto/)).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/user/password/reset?mail=max%40firma.de');
    expect(calls[0].headers.Authorization).toBeUndefined();
    fail = true;
    await user.type(screen.getByLabelText(/^E-Mail/), 'a@b.de');
    await user.click(screen.getByRole('button', { name: 'E-Mail senden' }));
    expect(await screen.findByText('Fehler beim Versand der E-Mail')).toBeInTheDocument();
  });
});

describe('ActionPage', () => {
  it('resetPassword: verifies the code and continues at /reset', async () => {
    renderPage(<ActionPage />, { route: '/action?mode=resetPassword&oobCode=abc' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/reset'));
    expect(verifyPasswordResetCode).toHaveBeenCalledWith(expect.anything(), 'abc');
  });

  it('a missing code goes to /', async () => {
    renderPage(<ActionPage />, { route: '/action?mode=resetPassword' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('another mode is rejected with an error', async () => {
    renderPage(<ActionPage />, { route: '/action?mode=verifyEmail&oobCode=abc' });
    expect((await screen.findAllByText('Diese Aktion wird nicht unterstützt.')).length).toBeGreaterThan(0);
    expect(verifyPasswordResetCode).not.toHaveBeenCalled();
  });
});

describe('ResetPage', () => {
  it('without mail in navigation state it redirects to /', async () => {
    renderPage(<ResetPage />, { route: '/reset' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('needs 6 characters and equal passwords, then confirms with the oobCode', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<ResetPage />, { route: '/reset', state: { mail: 'max@firma.de', oobCode: 'abc' } });
    expect(screen.getByTestId('reset-mail')).toHaveTextContent('max@firma.de');
    await user.type(screen.getByLabelText(/^Neues Passwort/), '12345');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), '12345');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Das Passwort muss mindestens 6 Zeichen lang sein.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Neues Passwort/), '6');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), '6');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    await waitFor(() => expect(confirmPasswordReset).toHaveBeenCalledWith(expect.anything(), 'abc', '123456'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('a failing reset shows the spec error text', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    confirmPasswordReset.mockRejectedValueOnce(new Error('auth/expired-action-code'));
    renderPage(<ResetPage />, { route: '/reset', state: { mail: 'max@firma.de', oobCode: 'abc' } });
    await user.type(screen.getByLabelText(/^Neues Passwort/), '123456');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), '123456');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Fehler bei der Passwortrücksetzung')).toBeInTheDocument();
  });
});
