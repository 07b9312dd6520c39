import type { BackendModule, LanguageDetectorModule } from 'i18next';

/*
 * The two i18next plug-ins the portal needs, in the few lines it needs (instead of i18next-http-backend and
 * i18next-browser-languagedetector, about 5 KB compressed on /login, whose budget is 200 KB: docs/web.md "Bundle").
 */

/**
 * Loads /locales/{lng}/{ns}.json?v={version}; a failed load is retried by i18next (`maxRetries`, `retryTimeout`).
 * The version is a hash of the build's locale files (web/vite.config.ts): Hosting lets browsers keep them for good
 * (firebase.json), and a deploy that changes a text changes their address. Without it (component tests) no query.
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const version = import.meta.env.VITE_LOCALES_VERSION as string | undefined;
    const query = version ? `?v=${encodeURIComponent(version)}` : '';
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json${query}`)
      .then(async (response) => {
        // 4xx will not get better: no retry; 5xx and network errors may
        if (!response.ok) return callback(new Error(`${response.status} for ${namespace}`), response.status >= 500);
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => callback(error as Error, true));
  },
};

/** Where the chosen language is remembered (the library's names, so a stored choice stays valid). */
const QUERY_PARAM = 'lng';
const COOKIE = 'i18next';
const STORAGE_KEY = 'i18nextLng';

function stored(storage: () => Storage): string | undefined {
  try {
    return storage().getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined; // storage blocked (private mode, sandboxed frame)
  }
}

/**
 * Spec 01 §9: query string, cookie, local storage, session storage, browser, html tag; the choice is kept in local
 * storage. i18next maps what it finds onto the supported languages (German today).
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
    const candidates = [
      new URLSearchParams(window.location.search).get(QUERY_PARAM) ?? undefined,
      cookie ? decodeURIComponent(cookie.slice(COOKIE.length + 1)) : undefined,
      stored(() => window.localStorage),
      stored(() => window.sessionStorage),
      ...(navigator.languages ?? [navigator.language]),
      document.documentElement.lang || undefined,
    ];
    return candidates.filter((c): c is string => !!c);
  },
  cacheUserLanguage(language) {
    try {
      window.localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // not remembered: detected again next time
    }
  },
};
