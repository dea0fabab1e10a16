import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export const LEGAL_LINKS = [
  { to: '/impressum', key: 'legalLinks.imprint' },
  { to: '/datenschutz', key: 'legalLinks.privacy' },
  { to: '/agb', key: 'legalLinks.terms' },
] as const;

/** Footer of every public page: imprint, privacy notice and terms (required of an Austrian business site). */
export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer data-testid="public-footer">
      <Group component="nav" aria-label={t('legalLinks.label')} justify="center" gap="lg" mt="xl" py="md">
        {LEGAL_LINKS.map((l) => (
          <Anchor key={l.to} component={Link} to={l.to} size="sm">
            {t(l.key)}
          </Anchor>
        ))}
      </Group>
    </footer>
  );
}
