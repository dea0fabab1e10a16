import { Box, Group, Text } from '@mantine/core';
import type { CashbookTransaction, CashbookType } from '@portal/shared';
import { formatCashbookDateTime } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr';

/**
 * Income or expense as a word in the reader's language, with a green or red dot (a badge would be cut
 * to "Ei…" in a narrow column; coloured words lose their contrast under a dialog's overlay).
 */
export function TypeBadge({ type }: { type: CashbookType }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        w={8}
        h={8}
        bg={type === 'income' ? 'green.7' : 'red.7'}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        aria-hidden
      />
      <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {t(`cashbook.type.${type}`)}
      </Text>
    </Group>
  );
}

/** dd.MM.yyyy HH:mm:ss (Vienna), left to right in Arabic (spec: the transaction table). */
export function EntryDate({ value }: { value: string }) {
  return <Ltr>{formatCashbookDateTime(value)}</Ltr>;
}

/** A reversal or a reversed entry, marked in the table (words, never cut, legible under a dialog's overlay). */
export function ReversalMark({ entry }: { entry: CashbookTransaction }) {
  const { t } = useTranslation();
  // A reversal's description already says "Storno zu Nr. …" in the reader's language.
  if (entry.reverses_seq !== null && entry.description_kind !== 'reversal')
    return (
      <Text
        span
        size="xs"
        fw={700}
        tt="uppercase"
        style={{ whiteSpace: 'nowrap' }}
        data-testid={`reversal-of-${entry.reverses_seq}`}
      >
        ↩ {t('cashbook.transactions.reversalOf', { seq: entry.reverses_seq })}
      </Text>
    );
  if (entry.reverses_seq === null && entry.reversed_by_id !== null)
    return (
      <Text
        span
        size="xs"
        fw={700}
        tt="uppercase"
        style={{ whiteSpace: 'nowrap' }}
        data-testid={`reversed-${entry.seq}`}
      >
        ✕ {t('cashbook.transactions.reversed')}
      </Text>
    );
  return null;
}

/**
 * What an entry says, in the reader's language: a reversal from its kind and parameters
 * ("Storno zu Nr. 48: Grund"), any other entry its text.
 */
export function EntryDescription({ entry }: { entry: CashbookTransaction }) {
  const { t } = useTranslation();
  const p = entry.description_params;
  const text =
    entry.description_kind === 'reversal' && p
      ? t('cashbook.transactions.reversalText', { seq: p.reversal_of_seq, reason: p.reason })
      : entry.description;
  return <span style={{ overflowWrap: 'anywhere' }}>{text}</span>;
}
