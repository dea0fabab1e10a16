import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';
import { TEXT_LIMITS } from '@portal/shared';

/** One primary colour and the system font stack: no fonts from other hosts. */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 of blue on white reaches 4.5:1 (WCAG AA); Mantine's default shade 6 does not.
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Agents who ask their system for less motion get none: modals and toasts appear and leave at once.
  respectReducedMotion: true,
  // Every text field stops at a server limit (issue 30). A field that names its own (`withTextLimit`
  // with its counter, an explicit `maxLength`) keeps it; the rest take the server's limit of a short
  // text (names, companies, addresses, e-mails) or of a long one (descriptions).
  components: {
    TextInput: { defaultProps: { maxLength: TEXT_LIMITS.shortText } },
    Textarea: { defaultProps: { maxLength: TEXT_LIMITS.description } },
  },
});

/**
 * Contrast for every colour in the light scheme: light variants (badges, active nav links, subtle
 * buttons) use shade 9 text, filled ones shade 8 backgrounds under white text, and dimmed text
 * gray 7 — all at least 4.5:1. The dark scheme keeps Mantine's values.
 */
export const contrastResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' };
  for (const color of Object.keys(DEFAULT_THEME.colors)) {
    light[`--mantine-color-${color}-light-color`] = `var(--mantine-color-${color}-9)`;
    light[`--mantine-color-${color}-filled`] = `var(--mantine-color-${color}-9)`;
    light[`--mantine-color-${color}-filled-hover`] = `var(--mantine-color-${color}-9)`;
    light[`--mantine-color-${color}-text`] = `var(--mantine-color-${color}-8)`;
  }
  light['--mantine-color-placeholder'] = 'var(--mantine-color-gray-6)';
  light['--mantine-color-anchor'] = 'var(--mantine-color-blue-9)';
  light['--mantine-color-error'] = 'var(--mantine-color-red-9)';
  // Green's darkest shade still misses 4.5:1 under white text.
  light['--mantine-color-green-filled'] = '#1f7a35';
  return { variables: {}, light, dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' } };
};
