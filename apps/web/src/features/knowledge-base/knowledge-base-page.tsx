import { Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateDisplay } from '../../components/date-display';
import { KB_ARTICLES, KB_CATEGORIES, type KbCategory } from './articles';
import { PageHeader } from '../../components/page-header';

/**
 * Knowledge base with the spec's static sample articles, categories and search over title and excerpt.
 * "New article" and "read more" do nothing in the spec: they are shown disabled, with a hint why.
 */
export default function KnowledgeBasePage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<KbCategory>('all');
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const articles = KB_ARTICLES.map((a) => ({
    ...a,
    title: t(`kb.articles.${a.id}.title`),
    excerpt: t(`kb.articles.${a.id}.excerpt`),
  })).filter(
    (a) =>
      (category === 'all' || a.category === category) &&
      (!needle || a.title.toLowerCase().includes(needle) || a.excerpt.toLowerCase().includes(needle)),
  );
  return (
    <Stack>
      <PageHeader title={t('kb.title')}>
        <Button leftSection={<IconPlus size={16} />} disabled title={t('common.featureUnavailable')}>
          {t('kb.newArticle')}
        </Button>
      </PageHeader>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('kb.search')}
        aria-label={t('kb.search')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="kb-search"
      />
      <SegmentedControl
        value={category}
        onChange={(v) => setCategory(v as KbCategory)}
        data={KB_CATEGORIES.map((c) => ({ value: c, label: t(`kb.categories.${c}`) }))}
        data-testid="kb-categories"
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      {articles.length === 0 ? (
        <Text c="dimmed" data-testid="kb-empty">
          {t('kb.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
          {articles.map((a) => (
            <Card key={a.id} withBorder padding="lg" data-testid="kb-article">
              <Group justify="space-between" mb="xs">
                <Badge variant="light">{t(`kb.categories.${a.category}`)}</Badge>
                <Text size="xs" c="dimmed">
                  <DateDisplay value={`${a.updated}T12:00:00Z`} />
                </Text>
              </Group>
              <Text fw={700}>{a.title}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {a.excerpt}
              </Text>
              <Button variant="subtle" mt="sm" px={0} w="fit-content" disabled title={t('common.featureUnavailable')}>
                {t('kb.readMore')}
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
