import { formatMoney } from '@portal/shared';
import { Ltr } from './ltr';

/** An amount in cents as `€ 1.234,56` (de-AT, the shared format of mails and PDFs), left to right also in Arabic. */
export function Money({ cents }: { cents: number }) {
  return <Ltr>{formatMoney(cents)}</Ltr>;
}
