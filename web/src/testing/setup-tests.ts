import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { COMMON_NAMESPACE } from '@/config/i18n';
import { DATE_TIME_FIELDS } from '@/app/features';
import { declareDateTimeFields } from '@/lib/date-fields';

// findBy*/waitFor wait for an event (a response, a lazy chunk, a debounce); this bound only ends a test that will
// never see it. Being generous keeps a busy machine from failing a test that merely ran slowly (vitest's
// testTimeout for the web project is 30 s, its hookTimeout 60 s: a preload in beforeAll may take a while).
configure({ asyncUtilTimeout: 15_000 });

// Every namespace file of public/locales/de, in memory (no HTTP backend in component tests).
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/de/*.json', {
  eager: true,
  import: 'default',
});
const de = Object.fromEntries(
  Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/|\.json$/g, ''), texts]),
);

// German texts, initialised synchronously; namespaces and fallback as in the app (config/i18n.ts).
void i18next.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  ns: Object.keys(de),
  defaultNS: COMMON_NAMESPACE,
  fallbackNS: COMMON_NAMESPACE,
  resources: { de },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
  showSupportNotice: false,
});

// the api client revives every area's date-time fields, as in the signed-in app (app/signed-in-app.tsx)
declareDateTimeFields(DATE_TIME_FIELDS);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
