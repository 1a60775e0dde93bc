import { createTheme } from '@mui/material/styles';

/**
 * The field's theme: black on white with a dark blue, readable in sunlight (every text pair at
 * 7:1 or more), and every target 48 px or more, usable with gloves.
 */
export const TARGET = 48;

export const mobileTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b3d91', contrastText: '#ffffff' },
    secondary: { main: '#0b1f3a', contrastText: '#ffffff' },
    error: { main: '#a00000' },
    warning: { main: '#7a4a00' },
    success: { main: '#1b5e20' },
    text: { primary: '#000000', secondary: '#2b2b2b' },
    divider: '#6b6b6b',
    background: { default: '#ffffff', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontSize: 15,
    body1: { fontSize: '1.0625rem' },
    body2: { fontSize: '1rem' },
    button: { fontSize: '1rem', fontWeight: 700, textTransform: 'none' },
    h1: { fontSize: '1.5rem', fontWeight: 700 },
    h2: { fontSize: '1.25rem', fontWeight: 700 },
    h3: { fontSize: '1.0625rem', fontWeight: 700 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: TARGET, paddingInline: 18 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: TARGET, minHeight: TARGET } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 64 } } },
    MuiBottomNavigationAction: { styleOverrides: { root: { minWidth: 64, minHeight: 64, color: '#2b2b2b', '&.Mui-selected': { color: '#0b3d91' } } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiInputBase: { styleOverrides: { input: { fontSize: '1.0625rem', minHeight: 28 } } },
    MuiOutlinedInput: { styleOverrides: { notchedOutline: { borderColor: '#4a4a4a', borderWidth: 2 } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiCheckbox: { styleOverrides: { root: { padding: 12 } } },
  },
});
