import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedFolderRow } from '@model/business-data';
import { mockFetch } from '@/testing/fetch-mock';
import { asPhone } from '@/testing/phone';
import { renderPage } from '@/testing/render';
import { externalUser } from '../testing/folder-fixtures';
import { SharedFoldersPage } from './shared-folders-page';

const rows: SharedFolderRow[] = [
  { offerId: 'o2', referenceNumber: 'SUED-2', offerNumber: 'A-2', itemCount: 5 },
  { offerId: 'o1', referenceNumber: 'NORD-1', offerNumber: 'A-1', itemCount: 2 },
];

function api(answer: SharedFolderRow[] = rows) {
  return mockFetch((c) => (c.url === '/api/offer/businessdata/shared' ? { body: answer } : undefined));
}

afterEach(() => vi.unstubAllGlobals());

describe('SharedFoldersPage', () => {
  it('the folders shared with the caller: reference number, offer number, item count, display opens the folder', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<SharedFoldersPage />, { user: externalUser });
    expect(await screen.findByRole('heading', { name: 'Geschäftsdaten' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(2));
    expect(calls.map((c) => c.url)).toEqual(['/api/offer/businessdata/shared']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Referenznummer', 'Angebotsnummer', 'Anzahl Dateien']),
    );
    // sorted by reference number
    const [first, second] = screen.getAllByTestId('list-row');
    expect(first).toHaveTextContent('NORD-1');
    expect(first).toHaveTextContent('2');
    expect(second).toHaveTextContent('SUED-2');
    await user.click(within(second!).getByRole('link', { name: 'Projektordner SUED-2 anzeigen' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/business-data/o2');
  });

  it('nothing shared: the empty message', async () => {
    api([]);
    renderPage(<SharedFoldersPage />, { user: externalUser });
    expect(await screen.findByText('Es wurden keine Projektordner für Sie freigegeben.')).toBeInTheDocument();
    expect(screen.queryByTestId('list-row')).not.toBeInTheDocument();
  });

  it('on a phone each folder is a card with its display action', async () => {
    asPhone();
    api();
    renderPage(<SharedFoldersPage />, { user: externalUser });
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(2));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Projektordner NORD-1 anzeigen' })).toHaveAttribute(
      'href',
      '/business-data/o1',
    );
  });
});
