import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './config/i18n';
import { App } from './app/app';
import { NAMESPACES } from './app/features';

void initI18n(NAMESPACES);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
