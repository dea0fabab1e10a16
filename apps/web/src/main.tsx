import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/shell.css';
import { applyDocumentLanguage, i18nReady } from './lib/i18n';
import i18n from './lib/i18n';
import { Providers } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import { focusFirstInvalidOnSubmit } from './lib/focus-first-invalid';

focusFirstInvalidOnSubmit();

// The first paint waits for the detected language, so no German flash before English or Arabic.
void i18nReady.then(async () => {
  const language = i18n.resolvedLanguage ?? 'de';
  applyDocumentLanguage(language);
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>
  );
  // The landing and order pages may arrive prerendered (entry-prerender.tsx) in the language the server
  // guessed. Such a page is taken over only when that is the language chosen here; otherwise replaced.
  if (root.dataset.prerendered === language && root.dataset.path === window.location.pathname) {
    // The page's screens are loaded first: a tap during the takeover must find nothing to wait for
    // (see lazy-page.tsx). Until then the prerendered links and fields work as plain HTML.
    await preloadRoute(window.location.pathname).catch(() => undefined);
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    delete root.dataset.prerendered;
    delete root.dataset.path;
    createRoot(root).render(app);
  }
});
