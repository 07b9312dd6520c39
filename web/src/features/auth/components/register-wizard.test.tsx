import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { signInWithEmailAndPassword } from '@/testing/fake-auth';
import { RegisterWizard } from './register-wizard';

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Weiter' }));
const back = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Zurück' }));
const field = (label: RegExp) => screen.getByLabelText(label);

async function fillStep0(user: UserEvent) {
  await user.type(field(/^Vorname/), 'Max');
  await user.type(field(/^Nachname/), 'Muster');
  await user.type(field(/^Telefon/), '+49-89-123');
}
// Moving on validates asynchronously: wait until the step's first field is there.
async function fillStep1(user: UserEvent, repeat = 'geheim1') {
  await user.type(await screen.findByLabelText(/^E-Mail/), 'Max@Firma.de');
  await user.type(field(/^Passwort \*/), 'geheim1');
  await user.type(field(/^Passwort wiederholen/), repeat);
}
async function fillStep2(user: UserEvent) {
  await user.type(await screen.findByLabelText(/^Firmenname/), 'Muster GmbH');
  await user.type(field(/^Straße/), 'Hauptstraße');
  await user.type(field(/^Hausnummer/), '1a');
  await user.type(field(/^PLZ/), '80331');
  await user.type(field(/^Ort/), 'München');
}

beforeEach(() => {
  signInWithEmailAndPassword.mockClear();
});

describe('RegisterWizard', () => {
  it('does not advance from step 0 with empty required fields', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(() => undefined);
    renderPage(<RegisterWizard />, { route: '/register' });
    expect(screen.getByTestId('register-step-0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await next(user);
    expect(screen.getByTestId('register-step-0')).toBeInTheDocument();
    expect((await screen.findAllByText('Pflichtfeld')).length).toBeGreaterThanOrEqual(3);
    await user.type(field(/^Telefon/), 'abc');
    await next(user);
    expect(await screen.findByText('Nur Ziffern, + und - sind erlaubt.')).toBeInTheDocument();
  });

  it('step 1 requires equal passwords (German mismatch text); back decrements and keeps values', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(() => undefined);
    renderPage(<RegisterWizard />, { route: '/register' });
    await fillStep0(user);
    await next(user);
    expect(await screen.findByTestId('register-step-1')).toBeInTheDocument();
    await fillStep1(user, 'anders1');
    await next(user);
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(screen.getByTestId('register-step-1')).toBeInTheDocument();
    await back(user);
    expect(screen.getByTestId('register-step-0')).toBeInTheDocument();
    expect(field(/^Vorname/)).toHaveValue('Max');
  });

  it('Enter before step 2 never registers', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch(() => undefined);
    renderPage(<RegisterWizard />, { route: '/register' });
    await fillStep0(user);
    await user.type(field(/^Telefon/), '{Enter}');
    await next(user);
    await fillStep1(user);
    await user.type(field(/^Passwort wiederholen/), '{Enter}');
    expect(calls).toHaveLength(0);
    expect(signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('a short password is rejected', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(() => undefined);
    renderPage(<RegisterWizard />, { route: '/register' });
    await fillStep0(user);
    await next(user);
    await user.type(await screen.findByLabelText(/^E-Mail/), 'a@b.de');
    await user.type(field(/^Passwort \*/), '123');
    await user.type(field(/^Passwort wiederholen/), '123');
    await next(user);
    expect(await screen.findByText('Das Passwort muss mindestens 6 Zeichen lang sein.')).toBeInTheDocument();
  });

  it('submits only at step 2 with both checkboxes ticked; sends info and signs in, then /profile', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = mockFetch((c) =>
      c.url.startsWith('/api/user/register') ? { status: 201, body: { user: {}, company: {} } } : undefined,
    );
    renderPage(<RegisterWizard />, { route: '/register?info=Messe%202025' });
    await fillStep0(user);
    await next(user);
    await fillStep1(user);
    await next(user);
    expect(await screen.findByTestId('register-step-2')).toBeInTheDocument();
    expect(screen.getByTestId('register-note')).toHaveTextContent('freigeschaltet');
    await fillStep2(user);
    const submit = screen.getByRole('button', { name: 'Registrieren' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    expect(submit).toBeDisabled();
    const avb = screen.getByRole('checkbox', { name: /Verkaufsbedingungen/ });
    await user.click(avb);
    expect(submit).toBeEnabled();
    // taking the AVB back says why the registration cannot be sent (the model's German message)
    await user.click(avb);
    await user.tab();
    expect(submit).toBeDisabled();
    expect(
      await screen.findByText('Bitte akzeptieren Sie die Allgemeinen Verkaufsbedingungen (AVB).'),
    ).toBeInTheDocument();
    await user.click(avb);
    expect(submit).toBeEnabled();
    expect(calls).toHaveLength(0);
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/user/register?info=Messe+2025');
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[0].body).toEqual({
      user: { name: 'Max', lastname: 'Muster', phoneNumber: '+49-89-123', mail: 'max@firma.de', password: 'geheim1' },
      company: {
        name: 'Muster GmbH',
        type: 'CUSTOMER',
        address: { street: 'Hauptstraße', houseNo: '1a', zip: '80331', city: 'München' },
        additionalInfo: 'Messe 2025',
      },
      // both agreements go to the server, which requires and records them
      avbAccepted: true,
      privacyAccepted: true,
    });
    expect(signInWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'max@firma.de', 'geheim1');
  });

  it('a failed registration stays on the wizard without signing in and says why', async () => {
    const user = userEvent.setup({ delay: null });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 409, body: { code: 'mailInUse' } }));
    renderPage(<RegisterWizard />, { route: '/register' });
    await fillStep0(user);
    await next(user);
    await fillStep1(user);
    await next(user);
    await fillStep2(user);
    await user.click(await screen.findByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(screen.getByRole('checkbox', { name: /Verkaufsbedingungen/ }));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(await screen.findByText('E-Mail wird bereits verwendet')).toBeInTheDocument();
    expect(signInWithEmailAndPassword).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    expect(screen.getByRole('button', { name: 'Registrieren' })).toBeEnabled();
  });

  it("a throttled registration says how long to wait (the answer's Retry-After)", async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch(() => ({
      status: 429,
      body: { code: 'tooManyRequests', message: 'x', details: { retryAfterSeconds: 700 } },
      headers: { 'Retry-After': '700' },
    }));
    renderPage(<RegisterWizard />, { route: '/register' });
    await fillStep0(user);
    await next(user);
    await fillStep1(user);
    await next(user);
    await fillStep2(user);
    await user.click(await screen.findByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(screen.getByRole('checkbox', { name: /Verkaufsbedingungen/ }));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(
      await screen.findByText('Zu viele Anfragen in kurzer Zeit. Bitte versuchen Sie es in 12 Minuten erneut.'),
    ).toBeInTheDocument();
    expect(signInWithEmailAndPassword).not.toHaveBeenCalled();
  });
});
