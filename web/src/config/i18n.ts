import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

/** German is the language of record; other languages are not offered yet. */
export const FALLBACK_LANGUAGE = 'de';
export const SUPPORTED_LANGUAGES = ['de'];

/**
 * Loads /locales/{{lng}}/{{ns}}.json over HTTP. Spec 9: detection order query string, cookie, local storage,
 * session storage, browser, html tag; the loader retries up to 5 times with a 350 ms base delay.
 */
export function initI18n() {
  return i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: SUPPORTED_LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: ['translation', 'files'],
      defaultNS: 'translation',
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        caches: ['localStorage'],
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}
