import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * "Kundenakte": the link from a screen that shows a chosen or linked customer to that customer's page.
 * Its name carries the company, so a list of them reads apart ("Kundenakte von …").
 */
export function CustomerFileLink({
  customerId,
  firma,
  newTab = false,
}: {
  customerId: number;
  firma: string;
  /** Beside a form (a picker's choice): the record opens in a new tab and the form stays as typed. */
  newTab?: boolean;
}) {
  const { t } = useTranslation();
  const path = `/agent-dashboard/customers/${customerId}`;
  const common = {
    size: 'xs',
    w: 'fit-content',
    display: 'block',
    'aria-label': t('kit.customerFileOf', { firma }),
    'data-testid': 'customer-file-link',
  } as const;
  // A new tab loads the page anew: a plain link, which also needs no router around a picker.
  return newTab ? (
    <Anchor {...common} href={path} target="_blank" rel="noopener">
      {t('kit.customerFile')}
    </Anchor>
  ) : (
    <Anchor {...common} component={Link} to={path}>
      {t('kit.customerFile')}
    </Anchor>
  );
}
