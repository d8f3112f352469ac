import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // The darker shade keeps white button text readable (WCAG AA).
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
  components: {
    // Mantine's close button of dialogs and drawers (every Modal, Drawer and modals.open) has no name of its own.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine puts a focusable role="presentation" placeholder first in every menu (to hold the initial focus): a menu
    // may hold only menu items (axe: aria-required-children). Without it the menu itself takes the focus and the
    // arrow keys still move to its items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Notification: {
      // Mantine's toast close button has no name of its own.
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    },
    PasswordInput: {
      // Mantine names the toggle "Toggle password visibility", which would also answer to the label "Password".
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } },
    },
  },
});

/**
 * Variables Mantine sets at run time from the theme (so a stylesheet cannot override them): links and
 * placeholders keep 4.5:1 on white and on the light tints of alerts, and so do the error texts under form fields.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});
