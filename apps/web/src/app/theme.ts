import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Fieldbook teal: calm and legible on a bright job site, with enough contrast for white text at shade 7. */
const fieldbook: MantineColorsTuple = [
  '#e6fbf7',
  '#cdf3ec',
  '#9de6d9',
  '#68d8c4',
  '#3ecbb2',
  '#21b9a0',
  '#13a08a',
  '#0f766e',
  '#0c5f59',
  '#084843',
];

export const theme = createTheme({
  primaryColor: 'fieldbook',
  primaryShade: { light: 7, dark: 5 },
  colors: { fieldbook },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // A device that asks for less motion gets dialogs, menus and drawers without their transitions. The browser tests
  // ask for it too (playwright.config.ts): a dialog that is still sliding in moves its tabs away from a tap.
  respectReducedMotion: true,
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { radius: 'lg', centered: true } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});
