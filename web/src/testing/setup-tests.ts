import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { toast } from 'react-toastify';
import { initReactI18next, setI18n } from 'react-i18next';
import { COMMON_NAMESPACE } from '@/config/i18n';
import { DATE_TIME_FIELDS } from '@/app/features';
import { declareDateTimeFields } from '@/lib/date-fields';
import { resetFakeAuth } from './fake-auth';

// Firebase Auth is the network boundary next to fetch: every file gets the fake (one module for all of a worker's
// files, which share their modules).
vi.mock('@/config/firebase', () => import('./fake-auth'));
vi.mock('firebase/auth', () => import('./fake-auth'));
// jsdom runs no pdf.js: the viewer's engine is a stand-in that reads the page count from the bytes (pdf.js itself:
// web/e2e/pdf-viewer.e2e.test.ts)
vi.mock('@/components/pdf-viewer/pdfjs-loader', () => import('./pdfjs-stand-in'));

// findBy*/waitFor wait for an event (a response, a lazy chunk, a debounce); this bound only ends a test that will
// never see it. Being generous keeps a busy machine from failing a test that merely ran slowly (vitest's
// testTimeout and hookTimeout for the web project are 180 s; vitest.config.ts).
configure({ asyncUtilTimeout: 45_000 });

// Every namespace file of public/locales/de, in memory (no HTTP backend in component tests).
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/de/*.json', {
  eager: true,
  import: 'default',
});
const de = Object.fromEntries(
  Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/|\.json$/g, ''), texts]),
);

// German texts, initialised synchronously; namespaces and fallback as in the app (config/i18n.ts). Once per worker:
// the web project's files share their modules (vitest.config.ts `isolate: false`).
if (!i18next.isInitialized)
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
// a file with an i18next instance of its own (legal-pages.test.tsx) made that react-i18next's default
else setI18n(i18next);

// a toast an earlier file raised after its last test (a late answer) waits in react-toastify's queue for the next
// container: dismissed while no container is mounted, the queue is emptied
toast.dismiss();

// the api client revives every area's date-time fields, as in the signed-in app (app/signed-in-app.tsx)
declareDateTimeFields(DATE_TIME_FIELDS);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The files of a worker share one window and one module graph (isolate: false saves jsdom's and the imports' ~1.5 s
// per file); what a file leaves behind goes before the next one starts.
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // spies back to the originals, every vi.fn (the fake auth's too) back to its own implementation and no calls
  vi.restoreAllMocks();
  vi.resetAllMocks();
  resetFakeAuth();
  document.body.innerHTML = '';
  for (const cookie of document.cookie.split('; ').filter(Boolean))
    document.cookie = `${cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  window.history.replaceState(null, '', '/');
  document.title = '';
  if (i18next.language !== 'de') await i18next.changeLanguage('de');
});
