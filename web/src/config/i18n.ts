import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector, localesBackend } from './i18n-loading';

/** German is the language of record; other languages are not offered yet. */
const FALLBACK_LANGUAGE = 'de';
const SUPPORTED_LANGUAGES = ['de'];

/** The namespace of shared UI texts, errors (errors.<code>), validation keys and the model's field labels. */
export const COMMON_NAMESPACE = 'common';
/** Namespaces of shared components (components/*), loaded with every area's. */
export const SHARED_NAMESPACES = [COMMON_NAMESPACE, 'files'];

/**
 * Loads /locales/{{lng}}/{{ns}}.json over HTTP: `common` plus one namespace per area (`namespaces`, from the
 * feature list in app/features.ts). A key missing in an area's namespace falls back to `common`. Spec 9: detection order query string, cookie, local storage,
 * session storage, browser, html tag; the loader retries up to 5 times with a 350 ms base delay.
 */
export function initI18n(namespaces: string[] = [COMMON_NAMESPACE]) {
  return i18next
    .use(localesBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: SUPPORTED_LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      ns: namespaces,
      defaultNS: COMMON_NAMESPACE,
      fallbackNS: COMMON_NAMESPACE,
      maxRetries: 5,
      retryTimeout: 350,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}
