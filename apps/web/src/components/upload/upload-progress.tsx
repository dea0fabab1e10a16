import { Progress, Stack, Text, type MantineSize } from '@mantine/core';

/** The bar of an upload under way, with the percentage in words when the screen gives a label. */
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
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      )}
    </Stack>
  );
}
