import { Group, List, Paper, Progress, SimpleGrid, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { splitRatingComments, type RatingStatsRow } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { UserText } from '../../../components/ltr';
import { useStatsFormat } from '../format';

const DIMENSIONS = ['time', 'satisfaction', 'friendliness'] as const;
type Dimension = (typeof DIMENSIONS)[number];
const STARS = [5, 4, 3, 2, 1] as const;
const avgOf = (r: RatingStatsRow, d: Dimension) =>
  d === 'time' ? r.avg_time_rating : d === 'satisfaction' ? r.avg_satisfaction_rating : r.avg_friendliness_rating;
const starsOf = (r: RatingStatsRow, d: Dimension, n: number) => r[`${d}_rating_${n}` as keyof RatingStatsRow] as number;

/** The star distribution of one dimension in one month: a bar per star count. */
function Distribution({ row, dimension }: { row: RatingStatsRow; dimension: Dimension }) {
  const { t } = useTranslation();
  const { number } = useStatsFormat();
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t(`stats.ratings.${dimension}`)}
        </Text>
        <Text size="sm">Ø {number(avgOf(row, dimension), 2)}</Text>
      </Group>
      {STARS.map((n) => {
        const count = starsOf(row, dimension, n);
        return (
          <Group key={n} gap="xs" wrap="nowrap">
            <Text size="xs" w={52} style={{ whiteSpace: 'nowrap' }}>
              {n} <IconStarFilled size={10} aria-label={t('stats.ratings.stars', { stars: n })} />
            </Text>
            <Progress.Root flex={1}>
              <Progress.Section
                value={row.ratings_per_month ? (count / row.ratings_per_month) * 100 : 0}
                aria-label={`${t(`stats.ratings.${dimension}`)}: ${t('stats.ratings.stars', { stars: n })}`}
              />
            </Progress.Root>
            <Text size="xs" w={24} ta="end">
              {number(count, 0)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

/** Ratings per month: a table of counts and averages, then per rated month the stars and comments. */
export function RatingStats({
  rows,
  loading,
  error,
  onRetry,
}: {
  rows: RatingStatsRow[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const { number, month } = useStatsFormat();
  const avg = (pick: (r: RatingStatsRow) => number | null) => (r: RatingStatsRow) => number(pick(r), 2);
  const columns: DataTableColumn<RatingStatsRow>[] = [
    { key: 'month', header: t('stats.ratings.month'), cell: (r) => month(r.rating_month) },
    { key: 'count', header: t('stats.ratings.count'), cell: (r) => number(r.ratings_per_month, 0), align: 'end' },
    { key: 'overall', header: t('stats.ratings.overall'), cell: avg((r) => r.avg_overall_rating), align: 'end' },
    { key: 'time', header: t('stats.ratings.time'), cell: avg((r) => r.avg_time_rating), align: 'end' },
    {
      key: 'satisfaction',
      header: t('stats.ratings.satisfaction'),
      cell: avg((r) => r.avg_satisfaction_rating),
      align: 'end',
    },
    {
      key: 'friendliness',
      header: t('stats.ratings.friendliness'),
      cell: avg((r) => r.avg_friendliness_rating),
      align: 'end',
    },
  ];
  const total = rows?.[0]?.total_ratings ?? 0;
  const rated = (rows ?? []).filter((r) => r.ratings_per_month > 0);
  return (
    <section aria-labelledby="stats-ratings-title" data-testid="stats-ratings">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="stats-ratings-title">
          {t('stats.ratings.title')}
        </Title>
        {rows && <Text size="sm">{t('stats.ratings.total', { value: total })}</Text>}
      </Group>
      <DataTable
        columns={columns}
        rows={rows && total === 0 ? [] : rows}
        rowKey={(r) => r.rating_month}
        caption={t('stats.ratings.title')}
        emptyText={t('stats.ratings.empty')}
        loading={loading}
        error={error}
        onRetry={onRetry}
        data-testid="stats-ratings-table"
      />
      <Stack gap="sm" mt="sm">
        {rated.map((r) => {
          const comments = splitRatingComments(r.comments);
          return (
            <Paper
              key={r.rating_month}
              withBorder
              p="sm"
              radius="md"
              data-testid={`stats-rating-month-${r.rating_month}`}
            >
              <Title order={3} size="h5" mb="xs">
                {month(r.rating_month)} · {t('stats.ratings.countOf', { value: r.ratings_per_month })}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                {DIMENSIONS.map((d) => (
                  <Distribution key={d} row={r} dimension={d} />
                ))}
              </SimpleGrid>
              <Text size="sm" fw={600} mt="sm">
                {t('stats.ratings.comments')}
              </Text>
              {comments.length ? (
                <List size="sm" spacing={2}>
                  {comments.map((c, i) => (
                    <List.Item key={i}>
                      {/* A long comment is clamped to three lines, the rest one click away (issue 30). */}
                      <Spoiler
                        maxHeight={64}
                        showLabel={t('stats.ratings.showMore')}
                        hideLabel={t('stats.ratings.showLess')}
                      >
                        <UserText size="sm">{c}</UserText>
                      </Spoiler>
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('stats.ratings.noComments')}
                </Text>
              )}
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}
