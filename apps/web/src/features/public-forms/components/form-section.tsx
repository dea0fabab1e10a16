import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled section of a public form (Kontaktdaten, Änderungsdetails, …). */
export function FormSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
