import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import translation from '../../public/locales/de/translation.json';

// German texts in memory, initialised synchronously (no HTTP backend in component tests).
void i18next.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  ns: ['translation'],
  defaultNS: 'translation',
  resources: { de: { translation } },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
  showSupportNotice: false,
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
