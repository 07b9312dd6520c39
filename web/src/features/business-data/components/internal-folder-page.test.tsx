import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FolderView } from '@model/business-data';
import { mockFetch } from '@/testing/fetch-mock';
import { asPhone } from '@/testing/phone';
import { renderPage } from '@/testing/render';
import { customerUser, externalUser, folderFiles, makeFolder, supplierAdmin } from '../testing/folder-fixtures';
import { InternalFolderPage } from './internal-folder-page';

/** GET /offer/businessdata and the folder's listing (GET /file/names), the ZIP of a selection. */
function api(view: FolderView | { status: number; code: string }) {
  return mockFetch((c) => {
    if (c.url === '/api/offer/businessdata?offerId=o1')
      return 'status' in view ? { status: view.status, body: { code: view.code, message: 'x' } } : { body: view };
    if (c.url.startsWith('/api/file/names?') && !('status' in view)) return { body: folderFiles(view) };
    if (c.url === '/api/offer/businessdata/zip' && c.method === 'POST')
      return { raw: 'PK', headers: { 'Content-Type': 'application/zip' } };
    return undefined;
  });
}

const renderFolder = (user = customerUser) =>
  renderPage(<InternalFolderPage />, { user, route: '/business-data/o1', path: '/business-data/:id' });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('InternalFolderPage', () => {
  it('a writer (the customer side, read and write): upload, files with the download counter, delete', async () => {
    const calls = api(makeFolder());
    renderFolder();
    expect(await screen.findByRole('heading', { name: 'Projektordner NORD-1 (Angebot A-1)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
    expect(screen.getByText('Sie können Dateien hochladen, herunterladen und löschen.')).toBeInTheDocument();
    expect(screen.getByText('Datei hierher ziehen oder klicken, um sie auszuwählen')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Downloads');
    const row = screen.getAllByTestId('file-row').find((r) => r.textContent?.includes('Schaltplan.pdf'))!;
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Schaltplan.pdf löschen' })).toBeInTheDocument();
    expect(
      new URL(calls.find((c) => c.url.startsWith('/api/file/names'))!.url, 'http://x').searchParams.get('path'),
    ).toBe('business-data/o1/');
  });

  it('a reader (the customer side read only): no upload, no delete; the hint says so', async () => {
    api(makeFolder({ types: { CUSTOMER: { read: true, write: false }, SUPPLIER: { read: true, write: true } } }));
    renderFolder();
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
    expect(screen.getByText('Sie können die Dateien ansehen und herunterladen.')).toBeInTheDocument();
    expect(screen.queryByText('Datei hierher ziehen oder klicken, um sie auszuwählen')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /löschen$/ })).not.toBeInTheDocument();
  });

  it('an invitee with read only sees the folder; with write he may upload', async () => {
    const invited = (write: boolean) =>
      makeFolder({ allowExternal: true, visibilities: [{ email: externalUser.mail, read: true, write }] });
    api(invited(false));
    const first = renderFolder(externalUser);
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
    expect(screen.queryByText('Datei hierher ziehen oder klicken, um sie auszuwählen')).not.toBeInTheDocument();
    first.unmount();
    api(invited(true));
    renderFolder(externalUser);
    expect(await screen.findByText('Datei hierher ziehen oder klicken, um sie auszuwählen')).toBeInTheDocument();
  });

  it('the selection downloads as one ZIP of the chosen items; an empty selection says selectedEmpty', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api(makeFolder());
    renderFolder(supplierAdmin);
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Auswahl herunterladen' }));
    expect(await screen.findByText('Bitte wählen Sie mindestens eine Datei aus.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Alle Dateien auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Auswahl herunterladen' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/offer/businessdata/zip')).toHaveLength(1));
    const zip = calls.find((c) => c.url === '/api/offer/businessdata/zip')!;
    expect((zip.body as { itemIds: string[] }).itemIds.sort()).toEqual(['i1', 'i2']);
    expect(zip.body).toMatchObject({ offerId: 'o1' });
    // the counters are fetched again after the download
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/file/names')).length).toBeGreaterThan(1));
  });

  it('on a phone: a card per file with its download count', async () => {
    asPhone();
    api(makeFolder());
    renderFolder();
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
    expect(screen.getByTestId('file-cards')).toBeInTheDocument();
    const card = screen.getAllByTestId('file-row').find((r) => r.textContent?.includes('Schaltplan.pdf'))!;
    expect(card).toHaveTextContent('3 Downloads');
  });

  it('a hidden folder (404): the record error with the way back', async () => {
    api({ status: 404, code: 'notFound' });
    renderFolder();
    expect(await screen.findByTestId('record-notFound')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zur/ })).toHaveAttribute('href', '/business-data');
    expect(screen.queryByTestId('file-row')).not.toBeInTheDocument();
  });
});
