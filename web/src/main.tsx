import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './config/i18n';
import { App } from './app/app';

void initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
