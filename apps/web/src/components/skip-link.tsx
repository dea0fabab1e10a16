import { useTranslation } from 'react-i18next';

/** The id of every shell's `<main>`: where the skip link goes. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Zum Inhalt springen" (WCAG 2.4.1): the first Tab stop of every page with a shell (public, staff,
 * business), hidden until it has the focus. It moves the focus into the main content (the `<main>`
 * takes it with tabIndex -1), past the header and the sidebar.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(e) => {
        // The router owns the address: move the focus without adding a hash to it.
        e.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      {t('common.skipToContent')}
    </a>
  );
}
