import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const BRAND_COLOR = '#2563eb';

/** react-admin's default theme, re-skinned: blue primary, light grey canvas, rounded cards. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: BRAND_COLOR, light: '#60a5fa', dark: '#1d4ed8', contrastText: '#ffffff' },
    secondary: { main: '#1e293b', contrastText: '#ffffff' },
    success: { main: '#16a34a' },
    warning: { main: '#d97706' },
    error: { main: '#dc2626' },
    info: { main: '#0284c7' },
    background: { default: '#f5f7fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#64748b' },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: 248, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    MuiAppBar: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: { backgroundColor: '#ffffff', color: '#0f172a', borderBottom: '1px solid #e2e8f0' },
      },
    },
    MuiCard: {
      styleOverrides: { root: { borderRadius: 12 } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
    },
    RaToolbar: {
      styleOverrides: { root: { backgroundColor: '#f8fafc' } },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          margin: '2px 8px',
          '&.RaMenuItemLink-active': {
            backgroundColor: 'rgba(37, 99, 235, 0.10)',
            color: BRAND_COLOR,
            fontWeight: 600,
            '& .RaMenuItemLink-icon': { color: BRAND_COLOR },
          },
        },
      },
    },
    RaLayout: {
      styleOverrides: {
        // react-admin sizes the layout to fit its content ('fit-content'), so one wide table or
        // row of tabs would widen every page on a phone; the layout keeps the screen's width and
        // wide content scrolls inside its own container.
        root: {
          minWidth: 0,
          '& .RaLayout-content': { padding: '16px', minWidth: 0 },
          '@media (min-width: 600px)': { '& .RaLayout-content': { padding: '24px' } },
        },
      },
    },
  },
};
