import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors';

/**
 * A screen's failed load in words: the server's message in the reader's language, else the screen's
 * own text (spec section 8), with "Erneut versuchen".
 */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" data-testid="load-error">
      <Group justify="space-between">
        <Text size="sm">{errorMessage(error, fallback)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('kit.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
