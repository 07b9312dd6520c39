import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { __Pascal__Record } from '@model/__kebab__';
import { mockFetch } from '@/testing/fetch-mock';
import { answerPage } from '@/testing/page-server';
import { makeUser, renderPage } from '@/testing/render';
import { __camel__Paths } from '../paths';
import { __Pascal__ListPage } from './__kebab__-list-page';
import { __Pascal__RecordPage } from './__kebab__-record-page';

vi.mock('@/config/firebase', () => import('@/testing/fake-auth'));
vi.mock('firebase/auth', () => import('@/testing/fake-auth'));

const record = (id: string, title: string): __Pascal__Record => ({
  id,
  title,
  note: `Notiz zu ${title}`,
  createdBy: 'u1',
  createDate: new Date('2026-03-01T09:30:00Z'),
  lastUpdate: new Date('2026-03-02T10:00:00Z'),
});
const records = Array.from({ length: 17 }, (_, i) => record(`r${i}`, `Eintrag ${String(i).padStart(2, '0')}`));
const platformAdmin = makeUser({ admin: true }, { type: 'ADMIN' });

/** GET /__kebab__/filter and /__kebab__/?id=, answered like the server. */
function api() {
  return mockFetch((c) => {
    if (c.url.startsWith('/api/__kebab__/filter?'))
      return answerPage(c.url, records, { searchText: (r) => r.title, columns: { title: (r) => r.title } });
    if (c.url === '/api/__kebab__/?id=r3') return { body: records[3] };
    if (c.url.startsWith('/api/__kebab__/?id=')) return { status: 404, body: { code: 'notFound', message: 'notFound' } };
    return undefined;
  });
}

describe('__Pascal__ListPage', () => {
  it('asks the server for a page sorted by title and opens a record', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<__Pascal__ListPage />, { user: platformAdmin });
    const rows = await screen.findAllByTestId('list-row');
    expect(rows).toHaveLength(15);
    expect(screen.getByRole('heading', { name: '__Label__' })).toBeInTheDocument();
    const first = new URL(calls[0]!.url, 'http://test').searchParams;
    expect(Object.fromEntries(first)).toMatchObject({ page: '0', paginationSize: '15', column: 'title' });
    await user.click(within(rows[3]!).getByRole('button', { name: 'Eintrag 03 anzeigen' }));
    expect(screen.getByTestId('location')).toHaveTextContent(__camel__Paths.record.getHref('r3'));
  });
});

describe('__Pascal__RecordPage', () => {
  it('shows the record read, not edited', async () => {
    api();
    renderPage(<__Pascal__RecordPage />, {
      user: platformAdmin,
      route: __camel__Paths.record.getHref('r3'),
      path: __camel__Paths.record.path,
    });
    expect(await screen.findByTestId('summary-name')).toHaveTextContent('Eintrag 03');
    expect(screen.getByTestId('fact-note')).toHaveTextContent('Notiz zu Eintrag 03');
  });

  it('an unknown record shows not found with the way back to the list', async () => {
    api();
    renderPage(<__Pascal__RecordPage />, {
      user: platformAdmin,
      route: __camel__Paths.record.getHref('gone'),
      path: __camel__Paths.record.path,
    });
    expect(await screen.findByTestId('record-notFound')).toBeInTheDocument();
  });
});
