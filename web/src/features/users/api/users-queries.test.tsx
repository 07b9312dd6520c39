import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { mockFetch } from '@/testing/fetch-mock';
import { answerPage } from '@/testing/page-server';
import { createTestQueryClient, makeUser } from '@/testing/render';
import { useDeleteUsers } from './delete-user';
import { getUserQueryOptions, useUser } from './get-user';
import { useUsers, type GetUsersRequest } from './get-users';
import { useUpdateUser } from './update-user';
import { useCreateUser } from './create-user';

const request: GetUsersRequest = { page: 0, paginationSize: 15, column: 'lastname', sortDescending: false };

function setup() {
  let users = [makeUser({ id: 'a', lastname: 'Adler' }), makeUser({ id: 'b', lastname: 'Berg' })];
  const calls = mockFetch((c) => {
    if (c.url.startsWith('/api/user/filter?')) return answerPage(c.url, users);
    if (c.url.startsWith('/api/user/delete?')) {
      const id = new URL(c.url, 'http://x').searchParams.get('userId');
      if (id === 'locked') return { status: 412, body: { code: 'lastPlatformAdmin' } };
      users = users.filter((u) => u.id !== id);
      return { body: { ok: true } };
    }
    if (c.url === '/api/user/update') return { body: { ...users[0], ...(c.body as object) } };
    if (c.url === '/api/user/' && c.method === 'POST') return { status: 201, body: makeUser({ id: 'n' }) };
    if (c.url === '/api/user/?id=a') return { body: users[0] };
    return undefined;
  });
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const listLoads = () => calls.filter((c) => c.url.startsWith('/api/user/filter?')).length;
  return { calls, queryClient, wrapper, listLoads };
}

describe('users queries', () => {
  it('the page request is part of the key: another page is another query', async () => {
    const { queryClient, wrapper, listLoads } = setup();
    const { result, rerender } = renderHook(({ r }) => useUsers({ request: r }), {
      wrapper,
      initialProps: { r: request },
    });
    await waitFor(() => expect(result.current.data?.totalElements).toBe(2));
    rerender({ r: { ...request, page: 1 } });
    await waitFor(() => expect(listLoads()).toBe(2));
    expect(queryClient.getQueryCache().findAll({ queryKey: ['users', 'list'] })).toHaveLength(2);
  });

  it('deleting several users refetches the shown list once, after all calls, and drops their records', async () => {
    const { queryClient, wrapper, listLoads } = setup();
    queryClient.setQueryData(getUserQueryOptions('a').queryKey, makeUser({ id: 'a' }));
    const { result } = renderHook(() => ({ list: useUsers({ request }), remove: useDeleteUsers() }), { wrapper });
    await waitFor(() => expect(result.current.list.data?.totalElements).toBe(2));
    expect(listLoads()).toBe(1);

    let outcome: PromiseSettledResult<unknown>[] = [];
    await act(async () => {
      outcome = await result.current.remove.mutateAsync(['a', 'locked']);
    });
    expect(outcome.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    await waitFor(() => expect(result.current.list.data?.totalElements).toBe(1));
    expect(listLoads()).toBe(2);
    expect(queryClient.getQueryData(getUserQueryOptions('a').queryKey)).toBeUndefined();
  });

  it('saving a user puts the answer into its record and marks every list stale; creating marks the lists stale', async () => {
    const { queryClient, wrapper, listLoads } = setup();
    const { result } = renderHook(
      () => ({
        list: useUsers({ request }),
        user: useUser({ id: 'a' }),
        update: useUpdateUser(),
        create: useCreateUser(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.user.data?.lastname).toBe('Adler'));
    await waitFor(() => expect(listLoads()).toBe(1));
    await act(async () => {
      await result.current.update.mutateAsync({
        id: 'a',
        name: 'Max',
        lastname: 'Neu',
        mail: 'a@b.de',
        phoneNumber: '1',
      });
    });
    await waitFor(() => expect(result.current.user.data?.lastname).toBe('Neu'));
    await waitFor(() => expect(listLoads()).toBe(2));
    await act(async () => {
      await result.current.create.mutateAsync({
        name: 'N',
        lastname: 'L',
        mail: 'n@b.de',
        phoneNumber: '1',
        admin: false,
        companyId: 'c1',
      });
    });
    await waitFor(() => expect(listLoads()).toBe(3));
    expect(queryClient.isFetching()).toBe(0);
  });
});
