import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BUILD_DATE } from '@model/constants';
import { mockFetch } from '@/testing/fetch-mock';
import { createTestQueryClient } from '@/testing/render';
import { BUILD_INFO_POLL_MS, checkBuildInfo, isNewerBuild, useBuildInfoCheck } from './build-info';

// the tests replace window.location to see reload(); files share one window (web project: isolate false)
const location = Object.getOwnPropertyDescriptor(window, 'location');
afterEach(() => {
  vi.useRealTimers();
  if (location) Object.defineProperty(window, 'location', location);
  else Reflect.deleteProperty(window, 'location');
});

describe('build info', () => {
  it('compares build dates', () => {
    expect(isNewerBuild('2025-05-23', '2025-05-22')).toBe(true);
    expect(isNewerBuild(BUILD_DATE)).toBe(false);
    expect(isNewerBuild('2024-01-01')).toBe(false);
    expect(isNewerBuild(undefined)).toBe(false);
    expect(isNewerBuild('kaputt')).toBe(false);
  });

  it('fetches bypassing caches; a newer build clears Cache Storage and reloads once', async () => {
    const calls = mockFetch(() => ({ body: { buildDate: '2099-01-01', version: 'v9' } }));
    const fetchSpy = vi.mocked(fetch);
    const deleted: string[] = [];
    vi.stubGlobal('caches', { keys: async () => ['a', 'b'], delete: async (k: string) => deleted.push(k) });
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
    await checkBuildInfo();
    expect(calls[0].url).toBe('/build-info.json');
    expect(fetchSpy.mock.calls[0][1]).toMatchObject({ cache: 'reload' });
    expect(deleted).toEqual(['a', 'b']);
    expect(reload).toHaveBeenCalledTimes(1);
    await checkBuildInfo();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the same build does nothing', async () => {
    mockFetch(() => ({ body: { buildDate: BUILD_DATE, version: 'v1.4.16' } }));
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
    await checkBuildInfo();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('build info polling', () => {
  it('asks at start and again every BUILD_INFO_POLL_MS (refetchInterval); a newer build then reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let deployed = BUILD_DATE;
    const calls = mockFetch(() => ({ body: { buildDate: deployed, version: 'v' } }));
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    renderHook(() => useBuildInfoCheck(), { wrapper });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(reload).not.toHaveBeenCalled();

    deployed = '2099-01-01';
    await vi.advanceTimersByTimeAsync(BUILD_INFO_POLL_MS);
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(calls.every((c) => c.url === '/build-info.json')).toBe(true);
  });
});
