import { formatDate, formatDateTime, formatMoney } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from './ltr';

/*
 * Money and dates look the same on every screen and in every language: `€ 1.234,56`, `dd.MM.yyyy`,
 * `dd.MM.yyyy HH:mm` (Vienna time), left to right inside Arabic text. The formatting itself is the
 * shared one (packages/shared), the same the server uses in mails and PDFs.
 */

/** An amount in cents. */
export function Money({ cents }: { cents: number }) {
  return <Ltr>{formatMoney(cents)}</Ltr>;
}

/** A date, or with `time` a date and time; a missing or broken value reads "N/A" / "Ungültiges Datum". */
export function DateDisplay({ value, time }: { value: string | Date | null | undefined; time?: boolean }) {
  const { t } = useTranslation();
  const labels = { invalid: t('common.invalidDate'), missing: t('common.na') };
  return <Ltr>{time ? formatDateTime(value, labels) : formatDate(value, labels)}</Ltr>;
}
