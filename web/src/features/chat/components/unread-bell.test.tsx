import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGE_POLL_INTERVAL_MS } from '@model/constants';
import { principalOf } from '@/lib/current-user/principal';
import { log } from '@/lib/log';
import { chatKeys } from '../api/keys';
import { customerUser, supplierUser } from '@/testing/enquiry-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { makeUser, renderPage } from '@/testing/render';
import { unreadCountQueryOptions } from '../api/get-unread';
import { pathOf, queryOf } from '../testing/chat-fixtures';
import { UnreadBell } from './unread-bell';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the unread bell', () => {
  it('shows the count of GET /conversation/message/unread (size 0) and links to /messages', async () => {
    const calls = mockFetch((c) =>
      pathOf(c) === '/api/conversation/message/unread' ? { body: { content: [], totalElements: 3 } } : undefined,
    );
    renderPage(<UnreadBell />, { user: customerUser });
    const bell = await screen.findByRole('link', { name: 'Ungelesene Nachrichten: 3' });
    expect(bell).toHaveAttribute('href', '/messages');
    expect(screen.getByTestId('unread-count')).toHaveTextContent('3');
    expect(calls.map((c) => queryOf(c))).toEqual([{ size: '0' }]);
  });

  it('the poll: every 15 minutes, only for CUSTOMER and SUPPLIER users', () => {
    expect(unreadCountQueryOptions(principalOf(customerUser))).toMatchObject({
      queryKey: chatKeys.unread.count(),
      refetchInterval: MESSAGE_POLL_INTERVAL_MS,
      enabled: true,
    });
    expect(MESSAGE_POLL_INTERVAL_MS).toBe(15 * 60 * 1000);
    expect(unreadCountQueryOptions(principalOf(supplierUser)).enabled).toBe(true);
    for (const type of ['ADMIN', 'EXTERNAL'] as const)
      expect(unreadCountQueryOptions(principalOf(makeUser({}, { type }))).enabled).toBe(false);
    expect(unreadCountQueryOptions({ companyType: undefined as never }).enabled).toBe(false);
  });

  it('a failed poll is only logged: no notice, the bell shows no count', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 500, body: { code: 'internal' } }));
    renderPage(<UnreadBell />, { user: customerUser });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('chat: loading the unread count failed', expect.anything()));
    expect(screen.getByRole('link', { name: 'Keine ungelesenen Nachrichten' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
