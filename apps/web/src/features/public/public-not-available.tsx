import { PublicShell } from '../../components/public-shell';
import { NotAvailable } from '../../components/not-available';
import { useTranslation } from 'react-i18next';

/** Public routes of the spec whose forms are not part of this release. */
export function PublicNotAvailable({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <PublicShell size="sm">
      <NotAvailable title={t(titleKey)} />
    </PublicShell>
  );
}
