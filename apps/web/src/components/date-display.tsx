import { formatDate, formatDateTime } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from './ltr';

/*
 * Dates look the same on every screen and in every language: `dd.MM.yyyy`, `dd.MM.yyyy HH:mm`
 * (Vienna time), left to right inside Arabic text. The formatting itself is the shared one
 * (packages/shared), the same the server uses in mails and PDFs. Amounts: money.tsx.
 */

/** A date, or with `time` a date and time; a missing or broken value reads "N/A" / "Ungültiges Datum". */
export function DateDisplay({ value, time }: { value: string | Date | null | undefined; time?: boolean }) {
  const { t } = useTranslation();
  const labels = { invalid: t('common.invalidDate'), missing: t('common.na') };
  return <Ltr>{time ? formatDateTime(value, labels) : formatDate(value, labels)}</Ltr>;
}
