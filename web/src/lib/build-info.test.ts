import { describe, expect, it, vi } from 'vitest';
import { BUILD_DATE } from '@model/constants';
import { mockFetch } from '@/testing/fetch-mock';
import { checkBuildInfo, isNewerBuild } from './build-info';

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
