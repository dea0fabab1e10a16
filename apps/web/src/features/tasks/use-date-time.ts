import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@portal/shared';

/** formatDateTime (dd.MM.yyyy HH:mm, Vienna) with the 'invalid' and 'missing' labels in the current language. */
export function useDateTime(): (value: string | null | undefined) => string {
  const { t } = useTranslation();
  return useCallback(
    (value) => formatDateTime(value, { invalid: t('common.invalidDate'), missing: t('common.na') }),
    [t],
  );
}
