import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A stage or payment badge: the term in the reader's language, whole (it wraps instead of being cut
 * with an ellipsis in a narrow cell or on a phone), and, in another language than German, the German
 * term the spec and the colleagues in Vienna use as its tooltip (issue 30: no "(Offen)" in brackets).
 */
export function TermBadge({
  termKey,
  fallback,
  ...props
}: BadgeProps & { termKey: string; fallback?: string; 'data-testid'?: string; 'data-stage'?: string }) {
  const { t, i18n } = useTranslation();
  const german = i18n.language === 'de' ? undefined : i18n.getFixedT('de')(termKey, { defaultValue: fallback });
  return (
    <Badge
      {...props}
      title={german}
      styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {t(termKey, { defaultValue: fallback })}
    </Badge>
  );
}
