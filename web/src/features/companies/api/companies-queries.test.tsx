import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { mockFetch } from '@/testing/fetch-mock';
import { createTestQueryClient, makeCompany } from '@/testing/render';
import { getCompanyQueryOptions } from './get-company';
import { useReleaseCompany, useUpdateCompany } from './update-company';

describe('companies queries', () => {
  it('a change invalidates every query under ["companies"], also other features\' company choices', async () => {
    const pending = makeCompany({ id: 'p1', type: 'SUPPLIER', pendingRegistration: true });
    const calls = mockFetch((c) =>
      c.url === '/api/company/update' ? { body: { ...pending, ...(c.body as object) } } : undefined,
    );
    const queryClient = createTestQueryClient();
    // e.g. the user form's company choice (users feature: GET /company/all)
    queryClient.setQueryData(['companies', 'all'], [pending]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ release: useReleaseCompany(), update: useUpdateCompany() }), { wrapper });

    await act(async () => {
      await result.current.release.mutateAsync(pending);
    });
    expect(calls[0].body).toMatchObject({
      id: 'p1',
      name: pending.name,
      type: 'SUPPLIER',
      pendingRegistration: false,
      address: pending.address,
    });
    expect(queryClient.getQueryState(['companies', 'all'])?.isInvalidated).toBe(true);

    queryClient.setQueryData(['companies', 'all'], [pending]);
    await act(async () => {
      await result.current.update.mutateAsync({ id: 'p1', name: 'Neu', type: 'SUPPLIER', address: pending.address });
    });
    await waitFor(() =>
      expect(queryClient.getQueryData(getCompanyQueryOptions('p1').queryKey)).toMatchObject({ name: 'Neu' }),
    );
    expect(queryClient.getQueryState(['companies', 'all'])?.isInvalidated).toBe(true);
  });
});
