import { Alert, Anchor, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DateDisplay } from '../../components/date-display';
import { Bidi, UserText } from '../../components/ltr';
import { errorMessage, hasStatus } from '../../lib/errors';
import { useBusinessSupportItem } from './api/get-support-request';
import { ScreenTitle, SupportStatusBadge } from './parts';

/** One request: what was asked, what the customer wrote since and the mails the provider sent. */
export default function SupportDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const item = useBusinessSupportItem(id);
  const back = (
    <Anchor component={Link} to="/business-dashboard/support" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> {t('businessData.backToSupport')}
      </Group>
    </Anchor>
  );
  if (item.isError)
    return (
      <Stack>
        {back}
        <Alert color="red">
          {hasStatus(item.error, 404)
            ? t('businessData.supportNotFound')
            : errorMessage(item.error, t('businessData.loadError'))}
        </Alert>
      </Stack>
    );
  const s = item.data;
  if (!s) return <Skeleton h={240} />;
  return (
    <Stack>
      {back}
      <ScreenTitle>
        <Bidi>{s.titel}</Bidi>
      </ScreenTitle>
      <Group gap="md">
        <SupportStatusBadge status={s.status} />
        <Text size="sm">{t(`businessData.types.${s.typ}`, { defaultValue: s.typ_name })}</Text>
        <Text size="sm" c="dimmed">
          {t('businessData.col.created')}: <DateDisplay value={s.erstellt_am} time />
        </Text>
        <Text size="sm" c="dimmed">
          {t('businessData.col.due')}: <DateDisplay value={s.frist} time />
        </Text>
      </Group>
      <Card withBorder>
        <Text size="sm" c="dimmed" mb={4}>
          {t('businessData.yourRequest')}
        </Text>
        <UserText style={{ whiteSpace: 'pre-wrap' }}>{s.beschreibung}</UserText>
      </Card>
      <Text fw={600}>{t('businessData.messages')}</Text>
      {s.messages.length === 0 && s.mails.length === 0 && <Text c="dimmed">{t('businessData.noMessages')}</Text>}
      {s.messages.map((m) => (
        <Card key={`m${m.id}`} withBorder data-testid="support-message">
          <Text size="xs" c="dimmed">
            {t('businessData.fromYou')} · <DateDisplay value={m.created_at} time />
          </Text>
          <UserText style={{ whiteSpace: 'pre-wrap' }}>{m.content}</UserText>
        </Card>
      ))}
      {s.mails.map((m) => (
        <Card key={`c${m.id}`} withBorder bg="var(--mantine-color-blue-light)" data-testid="support-mail">
          <Text size="xs" c="dimmed">
            {m.agent_first_name ? <Bidi>{m.agent_first_name}</Bidi> : t('businessData.serviceTeam')} ·{' '}
            <DateDisplay value={m.created_at} time />
          </Text>
          <Text fw={600}>
            <Bidi>{m.subject}</Bidi>
          </Text>
          <UserText style={{ whiteSpace: 'pre-wrap' }}>{m.content}</UserText>
        </Card>
      ))}
    </Stack>
  );
}
