import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY } from '@portal/shared';
import { PageHeader } from '../../components/page-header';
import { WhenLoaded } from '../../components/when-loaded';
import { useServiceCalendars } from './api/get-service-calendars';
import { CalendarEditor } from './calendar-editor';
import { PolicyTable } from './policy-table';

/**
 * /agent-dashboard/service-levels (admins, issue 31): per country the weekly service hours and the
 * closed days of the next 12 months, and every task type's service level. A change recomputes the
 * deadlines of the open tasks concerned, after a confirmation that says how many.
 */
export default function ServiceLevelsPage() {
  const { t } = useTranslation();
  const calendars = useServiceCalendars();
  const [country, setCountry] = useState<string>(String(COUNTRY.AT));
  return (
    <Stack gap="lg">
      <PageHeader title={t('serviceLevels.title')} />
      <Text c="dimmed" size="sm">
        {t('serviceLevels.intro')}
      </Text>
      <SegmentedControl
        value={country}
        onChange={setCountry}
        data={Object.values(COUNTRY).map((id) => ({ value: String(id), label: t(`serviceLevels.countries.${id}`) }))}
        aria-label={t('serviceLevels.country')}
        data-testid="country-switch"
        style={{ alignSelf: 'flex-start' }}
      />
      <WhenLoaded query={calendars} fallback={t('serviceLevels.loadError')}>
        {(list) => {
          const cal = list.find((c) => String(c.country_id) === country);
          // Keyed by what was saved: the hours form starts again from the server's answer after a save.
          return cal ? <CalendarEditor key={`${country}-${JSON.stringify([cal.hours, cal.manual])}`} cal={cal} /> : null;
        }}
      </WhenLoaded>
      <section>
        <Title order={2} size="h4" mb="xs">
          {t('serviceLevels.policies.title')}
        </Title>
        <PolicyTable />
      </section>
    </Stack>
  );
}
