import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FOLDER_TOKEN_HEADER, type PublicFolderView } from '@model/business-data';
import type { MockCall } from '@/testing/fetch-mock';
import { mockFetch } from '@/testing/fetch-mock';
import { asPhone } from '@/testing/phone';
import { renderPage } from '@/testing/render';
import { AnonymousFolderPage } from './anonymous-folder-page';

// the page loads its toasts and error texts with the first message: loaded up front, so tests wait on events only
beforeAll(async () => {
  await Promise.all([import('@/lib/notify'), import('@/lib/errors')]);
});

const folder = (counter = 0): PublicFolderView => ({
  offerId: 'o1',
  referenceNumber: 'NORD-1',
  items: [
    {
      id: 'i1',
      filename: 'Schaltplan.pdf',
      downloadCounter: 3 + counter,
      lastUpdate: new Date('2026-11-10T09:00:00Z'),
    },
    { id: 'i2', filename: 'Klemmenplan.pdf', downloadCounter: counter, lastUpdate: new Date('2026-11-11T09:00:00Z') },
    { id: 'i3', filename: 'Foto.jpg', downloadCounter: 0, lastUpdate: new Date('2026-11-12T09:00:00Z') },
  ],
});

/** The password link's calls as the server answers them: password 'geheim-1', token 't0k'. */
function api(
  options: {
    check?: (c: MockCall) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;
  } = {},
) {
  let downloads = 0;
  return mockFetch((c) => {
    const token = c.headers[FOLDER_TOKEN_HEADER];
    if (c.url === '/api/offer/businessdata/check' && c.method === 'POST') {
      const answer = options.check?.(c);
      if (answer) return answer;
      const { password } = c.body as { password: string };
      return password === 'geheim-1'
        ? { body: { token: 't0k', expiresAt: new Date('2030-01-01'), deviceToken: 'd3v', folder: folder() } }
        : { status: 403, body: { code: 'wrongPassword', message: 'x' } };
    }
    if (token !== 't0k') return { status: 401, body: { code: 'folderTokenInvalid', message: 'x' } };
    if (c.url === '/api/offer/businessdata/public?offerId=o1') return { body: folder(downloads) };
    if (c.url === '/api/offer/businessdata/zip' && c.method === 'POST') {
      downloads++;
      return {
        raw: 'PK',
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': 'attachment; filename="Projektordner_NORD-1.zip"',
        },
      };
    }
    return undefined;
  });
}

const renderAnonymous = () =>
  renderPage(<AnonymousFolderPage />, { route: '/business-data/o1', path: '/business-data/:id' });

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('AnonymousFolderPage', () => {
  it('the password form with the way to the invitation sign-in; nothing is asked before a password', async () => {
    const calls = api();
    renderAnonymous();
    expect(screen.getByRole('heading', { name: 'Projektordner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Öffnen' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Als eingeladener Benutzer anmelden' })).toHaveAttribute(
      'href',
      '/business-data/invite/o1',
    );
    expect(calls).toEqual([]);
  });

  it('a wrong password: the German error at the field, the form stays', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderAnonymous();
    await user.type(screen.getByLabelText(/^Passwort/), 'falsch-1');
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(await screen.findAllByText('Das Passwort ist falsch.')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Passwort/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/offer/businessdata/check', { offerId: 'o1', password: 'falsch-1' }],
    ]);
  });

  it('anonymous access off or an unknown folder (412): notAllowed, then to the start page', async () => {
    const user = userEvent.setup({ delay: null });
    api({ check: () => ({ status: 412, body: { code: 'notAllowed', message: 'x' } }) });
    renderAnonymous();
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim-1');
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(await screen.findByText('Der Zugriff auf diesen Projektordner ist nicht erlaubt.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('too many attempts (429): how long to wait', async () => {
    const user = userEvent.setup({ delay: null });
    api({
      check: () => ({
        status: 429,
        body: { code: 'tooManyRequests', message: 'x' },
        headers: { 'Retry-After': '1200' },
      }),
    });
    renderAnonymous();
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim-1');
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    const wait = 'Zu viele Anfragen in kurzer Zeit. Bitte versuchen Sie es in 20 Minuten erneut.';
    expect(await screen.findAllByText(wait)).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Passwort/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('the right password: the files with counter and date; selection as one ZIP with the token; selectedEmpty', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderAnonymous();
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim-1');
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(await screen.findByRole('heading', { name: 'Projektordner NORD-1' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('folder-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Schaltplan.pdf')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('3')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/^10\.11\.2026 \d\d:00$/)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Name', 'Downloads', 'Zuletzt geändert']),
    );
    expect(sessionStorage.getItem('schrankwerk.folderToken.o1')).toBe('t0k');

    // nothing selected: the spec's selectedEmpty, no call
    await user.click(screen.getByRole('button', { name: 'Auswahl herunterladen' }));
    expect(await screen.findByText('Bitte wählen Sie mindestens eine Datei aus.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/zip'))).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Schaltplan.pdf auswählen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Klemmenplan.pdf auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Auswahl herunterladen' }));
    // the counters come back raised
    await waitFor(() => expect(within(screen.getAllByTestId('folder-row')[0]!).getByText('4')).toBeInTheDocument());
    const zip = calls.filter((c) => c.url === '/api/offer/businessdata/zip');
    expect(zip).toHaveLength(1);
    expect(zip[0]!.body).toEqual({ offerId: 'o1', itemIds: ['i1', 'i2'] });
    expect(zip[0]!.headers[FOLDER_TOKEN_HEADER]).toBe('t0k');
    expect(zip[0]!.headers).not.toHaveProperty('Authorization');
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('the device token of an earlier right password goes with the check; the answered one is kept', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('schrankwerk.folderDevice.o1', 'früher');
    const calls = api();
    renderAnonymous();
    await user.type(screen.getByLabelText(/^Passwort/), 'geheim-1');
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(await screen.findByRole('heading', { name: 'Projektordner NORD-1' })).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ offerId: 'o1', password: 'geheim-1', deviceToken: 'früher' });
    expect(localStorage.getItem('schrankwerk.folderDevice.o1')).toBe('d3v');
  });

  it('a token that no longer counts (new password, access off): the form again with the notice', async () => {
    sessionStorage.setItem('schrankwerk.folderToken.o1', 'alt');
    api();
    renderAnonymous();
    expect(
      await screen.findByText('Ihr Zugang zum Projektordner ist abgelaufen. Bitte geben Sie das Passwort erneut ein.'),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('schrankwerk.folderToken.o1')).toBeNull();
    expect(screen.getByRole('button', { name: 'Öffnen' })).toBeInTheDocument();
  });

  it('a token of this tab: the folder at once, without the password', async () => {
    sessionStorage.setItem('schrankwerk.folderToken.o1', 't0k');
    const calls = api();
    renderAnonymous();
    expect(await screen.findByRole('heading', { name: 'Projektordner NORD-1' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/offer/businessdata/public?offerId=o1']);
  });

  it('on a phone: date and counter under the name, the download button in its row, no columns for them', async () => {
    asPhone();
    sessionStorage.setItem('schrankwerk.folderToken.o1', 't0k');
    api();
    renderAnonymous();
    expect(await screen.findByRole('heading', { name: 'Projektordner NORD-1' })).toBeInTheDocument();
    const row = screen.getAllByTestId('folder-row')[0]!;
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(
      /^Schaltplan\.pdf10\.11\.2026 \d\d:00 · 3 Downloads$/,
    );
    expect(within(row).getByRole('button', { name: /herunterladen/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Zuletzt geändert' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Downloads' })).not.toBeInTheDocument();
  });
});
