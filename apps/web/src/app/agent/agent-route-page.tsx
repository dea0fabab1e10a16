import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/not-available';
import type { NavEntry } from './nav';

/** A sidebar route whose screen is not part of this release: its title and the spec's notice. */
export default function AgentRoutePage({ entry }: { entry?: NavEntry }) {
  const { t } = useTranslation();
  return <NotAvailable title={entry ? t(`nav.${entry.label}`) : t('app.name')} />;
}
