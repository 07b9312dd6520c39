import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageView } from '@model/chat';
import { customerUser } from '@/testing/enquiry-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { makeMessage, pathOf, queryOf } from '../testing/chat-fixtures';
import { MessagesPage } from './messages-page';

afterEach(() => vi.unstubAllGlobals());

const unread: MessageView[] = [
  makeMessage({ content: 'Liefertermin?', read: false }),
  makeMessage({
    conversationId: 'o_o1',
    kind: 'offer',
    offerId: 'o1',
    title: 'Verteiler Halle 2',
    userFullName: 'Petra Schmidt',
    senderId: 'u7',
    companyName: 'Schmidt Elektro',
    content: 'Preis gilt bis Freitag',
    read: false,
  }),
  makeMessage({ content: 'Und die Schutzart?', read: false }),
];

function api(content: MessageView[] = unread) {
  let left = [...content];
  return mockFetch((c) => {
    const path = pathOf(c);
    if (path === '/api/conversation/message/unread') return { body: { content: left, totalElements: left.length } };
    if (path === '/api/conversation/message/read') {
      left = left.filter((m) => m.id !== queryOf(c).messageId);
      return { body: { ...content[0], read: true } };
    }
    if (path === '/api/conversation/message/read/all') {
      const marked = left.length;
      left = [];
      return { body: { marked, more: false } };
    }
    return undefined;
  });
}

describe('/messages', () => {
  it('unread messages grouped per conversation: title, sender, content; headings open the record with the chat', async () => {
    const user = userEvent.setup({ delay: null });
    api();
    renderPage(<MessagesPage />, { user: customerUser });
    const enquiry = await screen.findByRole('region', { name: 'Steuerschrank Linie 3' });
    const offer = screen.getByRole('region', { name: 'Verteiler Halle 2' });
    expect(
      within(enquiry)
        .getAllByTestId('unread-message')
        .map((m) => m.textContent),
    ).toEqual([expect.stringContaining('Liefertermin?'), expect.stringContaining('Und die Schutzart?')]);
    expect(within(offer).getByTestId('unread-message')).toHaveTextContent('Petra Schmidt');
    expect(within(offer).getByTestId('unread-message')).toHaveTextContent('Preis gilt bis Freitag');
    expect(within(offer).getByRole('link', { name: 'Verteiler Halle 2 öffnen' })).toHaveAttribute(
      'href',
      '/offer/o1?chat=o_o1',
    );
    await user.click(within(enquiry).getByRole('link', { name: 'Steuerschrank Linie 3 öffnen' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/enquiry/e1?chat=e_e1_s1');
  });

  it('the mark-read badge reads one message; read all empties the page', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = api();
    renderPage(<MessagesPage />, { user: customerUser });
    const offer = await screen.findByRole('region', { name: 'Verteiler Halle 2' });
    await user.click(within(offer).getByRole('button', { name: 'Als gelesen markieren' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Verteiler Halle 2' })).not.toBeInTheDocument());
    const read = calls.find((c) => pathOf(c) === '/api/conversation/message/read')!;
    expect(read.method).toBe('POST');
    expect(queryOf(read)).toEqual({ messageId: unread[1]!.id });
    await user.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    expect(await screen.findByText('Keine ungelesenen Nachrichten.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Alle als gelesen markieren' })).not.toBeInTheDocument();
  });

  it('nothing unread: the empty state and no read-all button', async () => {
    api([]);
    renderPage(<MessagesPage />, { user: customerUser });
    expect(await screen.findByText('Keine ungelesenen Nachrichten.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Alle als gelesen markieren' })).not.toBeInTheDocument();
  });

  it('ADMIN-company users keep the route and see the empty state without calling the API', async () => {
    const calls = api();
    const adminUser = makeUser({ id: 'a1', companyId: 'a' }, { id: 'a', name: 'Schrankwerk', type: 'ADMIN' });
    renderPage(<MessagesPage />, { user: adminUser });
    expect(await screen.findByText('Keine ungelesenen Nachrichten.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
