import { SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { fieldProps } from '../form-helpers';
import { KundennummerInput } from './inputs';

type ContactField = 'kundennummer' | 'lokalname' | 'name' | 'plz' | 'telefonnummer' | 'email';
type FieldProps = ReturnType<typeof fieldProps<Record<string, unknown>>>;

/**
 * The contact block the DEP, menu-change and support forms share: customer number, venue, name,
 * PLZ, phone, email. `afterKundennummer` takes what one form adds there (the DEP form's company).
 */
export function ContactFields({
  f,
  afterKundennummer,
}: {
  f: (name: ContactField) => FieldProps;
  afterKundennummer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <KundennummerInput label={t('publicForms.fields.kundennummer')} required {...f('kundennummer')} />
      {afterKundennummer}
      <TextInput label={t('publicForms.fields.lokalname')} required {...f('lokalname')} />
      <TextInput label={t('publicForms.fields.name')} required autoComplete="name" {...f('name')} />
      <TextInput
        label={t('publicForms.fields.plz')}
        required
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        {...f('plz')}
      />
      <TextInput
        label={t('publicForms.fields.telefonnummer')}
        required
        type="tel"
        autoComplete="tel"
        {...f('telefonnummer')}
      />
      <TextInput label={t('publicForms.fields.email')} required type="email" autoComplete="email" {...f('email')} />
    </SimpleGrid>
  );
}
