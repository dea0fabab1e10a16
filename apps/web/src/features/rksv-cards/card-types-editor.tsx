import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RKSV_CARD_TYPE_MAX, RKSV_CARDS_MSG, rksvPutCardTypesSchema } from '@portal/shared';
import { DateInput } from '../../components/date-input';
import { Ltr } from '../../components/ltr';
import { withTextLimit } from '../../components/text-limit';
import { WhenLoaded } from '../../components/when-loaded';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { focusFirstInvalidSoon } from '../../lib/focus-first-invalid';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { useSendOnce } from '../../lib/use-send-once';
import { useRksvCardTypes } from './api/get-card-types';
import { usePutRksvCardTypes } from './api/put-card-types';
import { checkFields } from './card-forms';

interface Row {
  name: string;
  approval_ends: string;
  /** Cards carrying the type (0 for a new row): such a type cannot be removed. */
  cards: number;
}

/** Admins (issue 32): the card types with the day each loses its approval, saved as the whole list. */
export function CardTypesEditor() {
  const { t } = useTranslation();
  const types = useRksvCardTypes();
  return (
    <WhenLoaded query={types} fallback={t('rksvCards.types.loadError')} height={200}>
      {(list) => (
        // Keyed by what was saved: the rows start again from the server's answer after a save.
        <TypesForm
          key={JSON.stringify(list)}
          initial={list.map((ty) => ({ name: ty.name, approval_ends: ty.approval_ends ?? '', cards: ty.cards }))}
        />
      )}
    </WhenLoaded>
  );
}

function TypesForm({ initial }: { initial: Row[] }) {
  const { t } = useTranslation();
  const put = usePutRksvCardTypes();
  const { send, busy } = useSendOnce(put);
  const [rows, setRows] = useState<Row[]>(initial);
  /** Each refused field by its path in the body (`types.2.name`), the shared rule's or the server's. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const edit = (i: number, patch: Partial<Row>) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    const field = 'name' in patch ? 'name' : 'approval_ends';
    setErrors(({ [`types.${i}.${field}`]: _gone, ...rest }) => rest);
  };
  const remove = (i: number) => {
    setRows((rs) => rs.filter((_, j) => j !== i));
    setErrors({});
  };

  const submit = () => {
    setAlert(null);
    const body = { types: rows.map((r) => ({ name: r.name, approval_ends: r.approval_ends || null })) };
    const checked = checkFields(rksvPutCardTypesSchema, body);
    // A name twice (ignoring case and spaces, as the server does): at the second one.
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const key = r.name.trim().toLowerCase();
      if (key && seen.has(key)) checked[`types.${i}.name`] ??= translateMessage(RKSV_CARDS_MSG.cardTypeTwice);
      seen.add(key);
    });
    setErrors(checked);
    if (Object.keys(checked).length > 0) {
      focusFirstInvalidSoon('[data-testid="card-types-form"]');
      return;
    }
    send(body, {
      onSuccess: (res) => notifications.show({ color: 'green', message: translateMessage(res.message, res.code) }),
      onError: (e) => {
        const fields = fieldErrorsOf(e);
        const atRows = Object.fromEntries(Object.entries(fields).filter(([k]) => /^types\.\d+\.(name|approval_ends)$/.test(k)));
        setErrors(atRows);
        if (Object.keys(atRows).length > 0) focusFirstInvalidSoon('[data-testid="card-types-form"]');
        else setAlert(errorMessage(e, t('rksvOrders.saveError')));
      },
    });
  };

  return (
    <form
      noValidate
      data-testid="card-types-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('rksvCards.types.intro')}
        </Text>
        <Table.ScrollContainer minWidth={0}>
          <Table aria-label={t('rksvCards.tabs.types')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rksvCards.types.name')}</Table.Th>
                <Table.Th>{t('rksvCards.types.approvalEnds')}</Table.Th>
                <Table.Th ta="end">{t('rksvCards.types.cards')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('rksvCards.types.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" size="sm" ta="center" data-testid="card-types-empty">
                      {t('rksvCards.types.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((r, i) => (
                <Table.Tr key={i} data-testid="card-type-row">
                  <Table.Td>
                    <TextInput
                      {...withTextLimit(
                        { value: r.name, error: errors[`types.${i}.name`] },
                        RKSV_CARD_TYPE_MAX,
                        RKSV_CARDS_MSG.cardTypeTooLong,
                      )}
                      aria-label={t('rksvCards.types.nameOf', { n: i + 1 })}
                      dir="ltr"
                      onChange={(e) => edit(i, { name: e.currentTarget.value })}
                      miw={160}
                      data-testid="card-type-name"
                    />
                  </Table.Td>
                  <Table.Td>
                    <DateInput
                      aria-label={t('rksvCards.types.approvalEndsOf', { n: i + 1 })}
                      value={r.approval_ends}
                      onChange={(v) => edit(i, { approval_ends: v })}
                      error={errors[`types.${i}.approval_ends`]}
                      miw={150}
                      data-testid="card-type-approval"
                    />
                  </Table.Td>
                  <Table.Td ta="end">
                    <Ltr>{r.cards}</Ltr>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={r.cards > 0}
                      onClick={() => remove(i)}
                      aria-label={
                        r.cards > 0
                          ? t('rksvCards.types.inUse', { name: r.name })
                          : t('rksvCards.types.remove', { name: r.name || i + 1 })
                      }
                      title={r.cards > 0 ? t('rksvCards.types.inUse', { name: r.name }) : undefined}
                      data-testid="card-type-remove"
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {alert && (
          <Alert color="red" role="alert" data-testid="card-types-alert">
            {alert}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRows((rs) => [...rs, { name: '', approval_ends: '', cards: 0 }])}
            data-testid="card-type-add"
          >
            {t('rksvCards.types.add')}
          </Button>
          <Button type="submit" loading={busy} data-testid="card-types-save">
            {t('rksvCards.types.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
