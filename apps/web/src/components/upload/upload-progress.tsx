import { Progress, Stack, Text, type MantineSize } from '@mantine/core';

/** The bar of an upload under way, with the percentage in words (a status a screen reader says) when the screen gives a label. */
export function UploadProgress({
  percent,
  label,
  color,
  size,
}: {
  percent: number;
  label?: string;
  color?: string;
  size?: MantineSize;
}) {
  return (
    <Stack gap={2}>
      <Progress value={percent} color={color} size={size} striped animated data-testid="upload-progress" />
      {label && (
        // Said politely as it changes (WCAG 4.1.3), never interrupting.
        <Text size="xs" c="dimmed" role="status">
          {label}
        </Text>
      )}
    </Stack>
  );
}
