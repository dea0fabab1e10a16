import { createTheme } from '@mantine/core';

/** One primary colour and the system font stack: no fonts from other hosts. */
export const theme = createTheme({
  primaryColor: 'blue',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});
