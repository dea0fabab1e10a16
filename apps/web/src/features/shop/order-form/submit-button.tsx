import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/hydration';

/**
 * "Weiter zur Zahlung": while not available it still looks like a button (outlined, readable text,
 * not grey on grey) and says below what is missing. The reason appears only once the page is taken
 * over (the prerendered HTML has no prices, and hydration would keep its attributes); only this small
 * part renders again then.
 */
export function SubmitButton({ canSubmit, blockedBy }: { canSubmit: boolean; blockedBy: string | null }) {
  const { t } = useTranslation();
  const reason = useHydrated() ? blockedBy : null;
  return (
    <Stack gap={6}>
      <Button
        type="submit"
        size="lg"
        fullWidth
        disabled={!canSubmit}
        aria-describedby={reason ? 'rksv-submit-blocked' : undefined}
        data-testid="rksv-submit"
        styles={
          canSubmit
            ? undefined
            : {
                root: {
                  backgroundColor: 'var(--mantine-color-default-hover)',
                  color: 'var(--mantine-color-text)',
                  border: '1px solid var(--mantine-color-gray-6)',
                  cursor: 'not-allowed',
                },
              }
        }
      >
        {t('shop.submit')}
      </Button>
      {reason && (
        <Text size="sm" c="gray.7" ta="center" id="rksv-submit-blocked" data-testid="rksv-submit-blocked">
          {reason}
        </Text>
      )}
    </Stack>
  );
}
