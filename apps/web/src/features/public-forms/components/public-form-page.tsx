import { Box, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { PublicShell } from '../../../components/public-shell';

const SHADES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * The emergency form is red: Mantine's primary-colour variables are pointed at red for this page
 * only, so buttons, checkbox, slider, focus ring and progress bar follow without a second theme.
 */
const RED: CSSProperties = Object.fromEntries([
  ['--mantine-primary-color-filled', 'var(--mantine-color-red-filled)'],
  ['--mantine-primary-color-filled-hover', 'var(--mantine-color-red-filled-hover)'],
  ['--mantine-primary-color-light', 'var(--mantine-color-red-light)'],
  ['--mantine-primary-color-light-hover', 'var(--mantine-color-red-light-hover)'],
  ['--mantine-primary-color-light-color', 'var(--mantine-color-red-light-color)'],
  ['--mantine-primary-color-outline', 'var(--mantine-color-red-outline)'],
  ...SHADES.map((i) => [`--mantine-primary-color-${i}`, `var(--mantine-color-red-${i})`]),
]) as CSSProperties;

/**
 * Readable on a phone in daylight (WCAG AA contrast): dimmed hints and error messages darker than
 * Mantine's defaults, and light-variant buttons (the header's sign-in) with a darker label.
 */
const READABLE = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-primary-color-light-color': 'var(--mantine-primary-color-9)',
} as CSSProperties;

/** Frame of a public form page: the public shell, a title, an intro and the page's content. */
export function PublicFormPage({
  title,
  intro,
  tone,
  testId,
  children,
}: {
  title: string;
  intro?: ReactNode;
  tone?: 'red';
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box
      style={{ ...READABLE, ...(tone === 'red' ? RED : undefined) }}
      data-testid={testId}
      data-tone={tone ?? 'default'}
    >
      <PublicShell size="md">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2" c={tone === 'red' ? 'red.8' : undefined}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" size="sm">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </PublicShell>
    </Box>
  );
}
