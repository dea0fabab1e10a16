import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Under a terms checkbox: the terms and the privacy notice to read. They open in a new tab, so what
 * was typed into the form stays; outside the <label>, so a click reads instead of ticking.
 */
export function TermsLinks() {
  const { t } = useTranslation();
  const link = (href: string, key: 'legalLinks.readTerms' | 'legalLinks.readPrivacy') => (
    <Anchor href={href} target="_blank" rel="noopener" size="sm" title={t('legalLinks.newTab')}>
      {t(key)}
    </Anchor>
  );
  return (
    <Group component="span" gap="md" data-testid="terms-links">
      {link('/agb', 'legalLinks.readTerms')}
      {link('/datenschutz', 'legalLinks.readPrivacy')}
    </Group>
  );
}
