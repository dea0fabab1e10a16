import { Group, Slider, Stack, Text, useDirection, VisuallyHidden } from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight, IconShieldCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const SLIDER_CHECK_MAX = 100;

interface SliderCheckProps {
  value: number;
  onChange: (value: number) => void;
  /** Shown under the slider (e.g. the robot message after sending unverified). */
  error?: string | null;
  disabled?: boolean;
  color?: string;
}

/**
 * The spec's security slider: 0–100; at 100 it reads "Verifiziert" and locks itself. It is only
 * what the person sees — the proof that tells a person from a script is solved in the background
 * (see lib/altcha). The parent resets it to 0 after a failed send.
 */
export function SliderCheck({ value, onChange, error, disabled, color }: SliderCheckProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const verified = value >= SLIDER_CHECK_MAX;
  // The slider runs right to left in Arabic: the arrows point the way to drag.
  const Arrows = useDirection().dir === 'rtl' ? IconChevronsLeft : IconChevronsRight;
  return (
    <Stack
      gap={6}
      data-testid="slider-check"
      data-verified={verified ? 'true' : 'false'}
      data-value={value}
      role="group"
      aria-labelledby={labelId}
    >
      <Group gap={6} wrap="nowrap">
        {verified && <IconShieldCheck size={18} color="var(--mantine-color-green-9)" aria-hidden />}
        <Text size="sm" fw={500} id={labelId} data-testid="slider-check-label">
          {verified ? t('publicForms.slider.verified') : t('publicForms.slider.label')}
        </Text>
      </Group>
      <Slider
        value={value}
        onChange={(v) => {
          if (!verified) onChange(v);
        }}
        min={0}
        max={SLIDER_CHECK_MAX}
        step={1}
        label={null}
        size="xl"
        thumbSize={34}
        color={verified ? 'green' : color}
        // Not disabled once verified: Mantine hides a disabled slider's thumb, and the focus on it would
        // fall to the page body (WCAG 2.4.3). The thumb stays where it is, locked by onChange above.
        disabled={disabled}
        thumbChildren={verified ? <IconShieldCheck size={18} /> : <Arrows size={18} />}
        thumbLabel={verified ? t('publicForms.slider.verified') : t('publicForms.slider.label')}
        styles={{
          root: { touchAction: 'none' },
          thumb: { cursor: 'grab' },
          // Locked at 100 it is done, not unavailable: a full green bar instead of the disabled grey.
          bar: verified ? { backgroundColor: 'var(--mantine-color-green-8)' } : undefined,
        }}
        py={6}
      />
      {/* Said once when it is solved (WCAG 4.1.3): the region is there before its text. */}
      <VisuallyHidden role="status" data-testid="slider-check-status">
        {verified ? t('publicForms.slider.verified') : ''}
      </VisuallyHidden>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="slider-check-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
