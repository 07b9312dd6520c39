import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './config/i18n';
import { App } from './app/app';
import { PUBLIC_NAMESPACES } from './app/public-features';

void initI18n(PUBLIC_NAMESPACES);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
