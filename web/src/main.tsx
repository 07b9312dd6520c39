import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './config/i18n';
import { App } from './app/app';
import { PUBLIC_DATE_TIME_FIELDS, PUBLIC_NAMESPACES } from './app/public-features';
import { declareDateTimeFields } from './lib/date-fields';

void initI18n(PUBLIC_NAMESPACES);
declareDateTimeFields(PUBLIC_DATE_TIME_FIELDS);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
