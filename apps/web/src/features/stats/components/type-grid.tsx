import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStatsFormat } from '../format';

/** Tasks per type, in a grid of 3 columns (backoffice.md "Task statistics"). */
export function TypeGrid({ byType }: { byType: { typ: number; count: number }[] }) {
  const { t, i18n } = useTranslation();
  const { number } = useStatsFormat();
  // The type names live with the tasks area's strings (loaded with every staff screen).
  const label = (id: number) => (i18n.exists(`tasks.types.${id}`) ? t(`tasks.types.${id}`) : `#${id}`);
  return (
    <section aria-labelledby="stats-types-title">
      <Title order={2} size="h4" mb="xs" id="stats-types-title">
        {t('stats.types.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="stats-type-grid">
        {byType.map((x) => (
          <Paper key={x.typ} withBorder p="sm" radius="md">
            <Text size="sm">{label(x.typ)}</Text>
            <Text fw={700} size="lg">
              {number(x.count, 0)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
