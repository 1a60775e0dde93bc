import { createTheme } from '@mui/material/styles';

/** Default look of spec 01 §9: dark navbar, light toolbar. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f5fbf' },
    secondary: { main: '#f28c28' },
    background: { default: '#f4f6f9' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Inter, Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});

export const NAVBAR_WIDTH = 280;
export const NAVBAR_BG = '#1b2433';
