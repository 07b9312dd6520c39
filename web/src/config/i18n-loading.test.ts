import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageDetector, localesBackend } from './i18n-loading';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  window.history.replaceState(null, '', '/');
});

const detect = () => languageDetector.detect() as string[];

describe('languageDetector (spec 01 §9: query, cookie, local and session storage, browser, html tag)', () => {
  it('lists the candidates in the spec order', () => {
    window.history.replaceState(null, '', '/login?lng=en');
    document.cookie = 'i18next=fr';
    window.localStorage.setItem('i18nextLng', 'it');
    window.sessionStorage.setItem('i18nextLng', 'es');
    document.documentElement.lang = 'nl';
    const found = detect();
    expect(found.slice(0, 4)).toEqual(['en', 'fr', 'it', 'es']);
    expect(found.slice(4, -1)).toEqual([...navigator.languages]);
    expect(found.at(-1)).toBe('nl');
  });

  it('skips what is not there and remembers the choice in local storage', () => {
    document.documentElement.lang = '';
    expect(detect()).toEqual([...navigator.languages]);
    languageDetector.cacheUserLanguage?.('de');
    expect(window.localStorage.getItem('i18nextLng')).toBe('de');
    expect(detect()[0]).toBe('de');
  });
});

describe('localesBackend', () => {
  const read = (status: number | 'offline') =>
    new Promise<[unknown, unknown]>((resolve) => {
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) =>
          status === 'offline'
            ? Promise.reject(new TypeError('Failed to fetch'))
            : Promise.resolve(new Response(JSON.stringify({ url }), { status })),
        ),
      );
      localesBackend.read('de', 'chat', (error, data) => resolve([error, data]));
    });

  it("loads /locales/{lng}/{ns}.json, with the build's version of the locale files as its query", async () => {
    expect(await read(200)).toEqual([null, { url: '/locales/de/chat.json' }]);
    vi.stubEnv('VITE_LOCALES_VERSION', '3f2a9c01b7de');
    expect(await read(200)).toEqual([null, { url: '/locales/de/chat.json?v=3f2a9c01b7de' }]);
  });

  it('asks i18next to retry server and network errors, not a missing file', async () => {
    const [serverError, retry5xx] = await read(503);
    expect(serverError).toBeInstanceOf(Error);
    expect(retry5xx).toBe(true);
    expect((await read('offline'))[1]).toBe(true);
    const [missing, retry404] = await read(404);
    expect(missing).toBeInstanceOf(Error);
    expect(retry404).toBe(false);
  });
});
