import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/shell.css';
import { applyDocumentLanguage, i18nReady } from './lib/i18n';
import i18n from './lib/i18n';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';

// The first paint waits for the detected language, so no German flash before English or Arabic.
void i18nReady.then(() => {
  applyDocumentLanguage(i18n.resolvedLanguage ?? 'de');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
});
