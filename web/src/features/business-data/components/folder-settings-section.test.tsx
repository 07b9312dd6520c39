import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FolderSettingsInput, FolderView } from '@model/business-data';
import type { MockCall } from '@/testing/fetch-mock';
import { mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { makeFolder, supplierAdmin } from '../testing/folder-fixtures';
import { FolderSettingsSection } from './folder-settings-section';

beforeAll(async () => {
  await Promise.all([import('@/lib/notify'), import('@/lib/errors')]);
});

/** The server's settings and password calls over a folder kept here (409 passwordRequired like the API). */
function api(start: FolderView) {
  let view = start;
  const calls = mockFetch((c: MockCall) => {
    if (c.url === '/api/offer/businessdata/create' && c.method === 'POST') {
      view = makeFolder({ ...view.facts.settings, hasPassword: true });
      return { body: view };
    }
    if (c.url === '/api/offer/businessdata/settings' && c.method === 'POST') {
      const input = c.body as FolderSettingsInput;
      if (input.allowAnonymous && !view.facts.settings.hasPassword)
        return { status: 409, body: { code: 'passwordRequired', message: 'x' } };
      view = makeFolder({
        ...view.facts.settings,
        allowExternal: input.allowExternal,
        allowAnonymous: input.allowAnonymous,
        types: Object.fromEntries(Object.entries(input.types).filter(([, v]) => v)),
      });
      return { body: view };
    }
    return undefined;
  });
  return { calls, current: () => view };
}

const renderSettings = (view: FolderView) => renderPage(<FolderSettingsSection view={view} />, { user: supplierAdmin });

afterEach(() => vi.unstubAllGlobals());

describe('FolderSettingsSection', () => {
  it('turning on anonymous access without a password forces the password step first; then both are saved', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = api(makeFolder());
    renderSettings(makeFolder());
    expect(screen.queryByLabelText('Link zum Projektordner')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Zugriff über Link mit Passwort zulassen' }));
    await user.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passwort für den Projektordner erstellen' });
    expect(calls).toEqual([]);

    // the spec's German errors, before any call
    await user.type(within(dialog).getByLabelText('Passwort'), '12345');
    await user.type(within(dialog).getByLabelText('Passwort wiederholen'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Passwort muss mindestens 6 Zeichen lang sein')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Passwort'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Diese Passwörter stimmen nicht überein')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByLabelText('Passwort wiederholen'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toHaveLength(2));
    expect(calls[0]).toMatchObject({
      url: '/api/offer/businessdata/create',
      body: { offerId: 'o1', password: '123456', passwordRepeat: '123456' },
    });
    expect(calls[1]).toMatchObject({
      url: '/api/offer/businessdata/settings',
      body: { offerId: 'o1', allowAnonymous: true, allowExternal: false },
    });
    expect(await screen.findByText('Die Einstellungen wurden gespeichert.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancelling the password step saves nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = api(makeFolder());
    renderSettings(makeFolder());
    await user.click(screen.getByRole('switch', { name: 'Zugriff über Link mit Passwort zulassen' }));
    await user.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it('with a password: the share link with its copy button, the password reset, the rights per side', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const open = makeFolder({ allowAnonymous: true, hasPassword: true });
    const { calls } = api(open);
    renderSettings(open);
    const link = screen.getByLabelText('Link zum Projektordner');
    expect(link).toHaveValue(`${window.location.origin}/business-data/o1`);
    await user.click(screen.getByRole('button', { name: 'Link kopieren' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/business-data/o1`);
    expect(await screen.findByText('Der Link wurde in die Zwischenablage kopiert.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Passwort zurücksetzen' })).toBeInTheDocument();

    // the customer side: read only; the supplier side: by invitation
    await user.click(screen.getByRole('combobox', { name: 'Benutzer des Kunden' }));
    await user.click(await screen.findByRole('option', { name: 'Nur lesen' }));
    await user.click(screen.getByRole('combobox', { name: 'Benutzer des Lieferanten' }));
    await user.click(await screen.findByRole('option', { name: 'Nach Einladung' }));
    await user.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      offerId: 'o1',
      allowExternal: false,
      allowAnonymous: true,
      types: { CUSTOMER: { read: true, write: false }, SUPPLIER: null },
    });
  });
});
