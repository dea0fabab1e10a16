import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RTL_LANGUAGES, type Language, type NewsItem } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useOffsetPaging } from '../../lib/use-paging';
import { NEWS_PAGE, useNews } from './api/get-news';
import { useMarkNewsRead } from './api/mark-news-read';
import { ListState, CardPager } from './components';
import { PageHeader } from '../../components/page-header';

const LANGS = ['de', 'en', 'fr', 'ar'];

function NewsCard({ item }: { item: NewsItem }) {
  const { t } = useTranslation();
  const mark = useMarkNewsRead();
  // A post shown in German on an Arabic screen (no translation) keeps its own direction.
  const dir = RTL_LANGUAGES.includes(item.lang as Language) ? 'rtl' : 'ltr';
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      data-testid="news-item"
      data-read={item.read}
      style={item.read ? undefined : { borderInlineStart: '4px solid var(--mantine-primary-color-filled)' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text component="h2" fw={700} size="lg" m={0} lang={item.lang} dir={dir}>
            {item.title}
          </Text>
          {!item.read && (
            <Badge color="blue" variant="filled" data-testid="news-unread">
              {t('records.news.unread')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('records.news.published')} <DateDisplay value={item.published_from} />
        </Text>
        <Text style={{ whiteSpace: 'pre-line' }} lang={item.lang} dir={dir}>
          {item.text}
        </Text>
        {!item.read && (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={mark.isPending}
              onClick={() =>
                mark.mutate(
                  { id: item.id },
                  {
                    onError: (e) =>
                      notifications.show({ color: 'red', message: errorMessage(e, t('records.news.markError')) }),
                  },
                )
              }
              data-testid="news-mark-read"
            >
              {t('records.news.markRead')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** /business-dashboard/news: the provider's news, newest first, in the reader's language; unread marked. */
export default function NewsPage() {
  const { t, i18n } = useTranslation();
  const lang = LANGS.includes(i18n.language) ? i18n.language : 'de';
  const { offset, paging: pagingOf } = useOffsetPaging(NEWS_PAGE);
  const q = useNews(lang, offset);
  const paging = pagingOf(q.data);
  const total = q.data?.total ?? 0;
  return (
    <Stack maw={860}>
      <PageHeader
        title={t('business.sections.news')}
        actions={
          q.data && q.data.unread > 0 ? (
            <Badge size="lg" variant="light" data-testid="news-unread-count">
              {t('records.news.unreadCount', { n: q.data.unread })}
            </Badge>
          ) : undefined
        }
      />
      <ListState
        loading={q.isPending}
        error={q.isError}
        onRetry={() => void q.refetch()}
        empty={q.data?.items.length === 0}
        emptyText={t('records.news.empty')}
      />
      {q.data?.items.map((n) => (
        <NewsCard key={n.id} item={n} />
      ))}
      {total > NEWS_PAGE && <CardPager paging={paging} />}
    </Stack>
  );
}
