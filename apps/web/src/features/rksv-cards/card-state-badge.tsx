import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardState } from '@portal/shared';
import { CARD_STATE_COLORS } from '../../components/card-state-colors';
import { stateKey } from './deadline-filters';

/**
 * A card's state in the reader's language, whole (it wraps rather than being cut in a narrow cell), with
 * the German term the colleagues in Vienna use as its tooltip in another language.
 */
export function CardStateBadge({ state, 'data-testid': testId }: { state: CardState; 'data-testid'?: string }) {
  const { t, i18n } = useTranslation();
  const german = i18n.language === 'de' ? undefined : i18n.getFixedT('de')(stateKey(state));
  return (
    <Badge
      color={CARD_STATE_COLORS[state]}
      title={german}
      data-testid={testId}
      data-state={state}
      styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {t(stateKey(state))}
    </Badge>
  );
}
