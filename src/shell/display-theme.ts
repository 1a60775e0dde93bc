import { createTheme, type Theme } from '@mui/material/styles';
import type { FullDisplaySettings, ThemeName } from '../../resources/display-settings';

interface Palette {
  mode: 'light' | 'dark';
  primary: string;
  secondary: string;
  background: string;
  paper?: string;
  /** The navbar (and a dark toolbar) when its shade is dark. */
  dark: string;
}

/** The nine themes of spec 01 §9. */
const PALETTES: Record<ThemeName, Palette> = {
  default: { mode: 'light', primary: '#1f5fbf', secondary: '#f28c28', background: '#f4f6f9', dark: '#1b2433' },
  sunset: { mode: 'light', primary: '#c2410c', secondary: '#7048e8', background: '#fff7f2', dark: '#2d1b2e' },
  greeny: { mode: 'light', primary: '#2b8a3e', secondary: '#e67700', background: '#f3f9f4', dark: '#14281b' },
  beach: { mode: 'light', primary: '#0b7285', secondary: '#d9822b', background: '#fbf7ef', dark: '#123440' },
  tech: { mode: 'light', primary: '#5f3dc4', secondary: '#0ca678', background: '#f5f4fb', dark: '#1e1838' },
  sweetHues: { mode: 'light', primary: '#c2255c', secondary: '#1098ad', background: '#fdf4f8', dark: '#3a1b2b' },
  defaultDark: { mode: 'dark', primary: '#4dabf7', secondary: '#f59f00', background: '#111827', paper: '#1a2332', dark: '#0b111c' },
  deepOcean: { mode: 'dark', primary: '#3bc9db', secondary: '#ffa94d', background: '#0b1d2a', paper: '#11293a', dark: '#061119' },
  slate: { mode: 'light', primary: '#3b4a5a', secondary: '#1c7ed6', background: '#f1f3f5', dark: '#212529' },
};

/** Colours of a bar (navbar or toolbar) in its chosen shade. */
export interface BarColors {
  background: string;
  text: string;
  muted: string;
  hover: string;
}

declare module '@mui/material/styles' {
  interface Theme {
    fieldwork: { navbar: BarColors; toolbar: BarColors; layout: FullDisplaySettings['layout'] };
  }
  interface ThemeOptions {
    fieldwork?: { navbar: BarColors; toolbar: BarColors; layout: FullDisplaySettings['layout'] };
  }
}

const darkBar = (bg: string): BarColors => ({ background: bg, text: '#ffffff', muted: 'rgba(255,255,255,0.6)', hover: 'rgba(255,255,255,0.08)' });
const lightBar = (p: Palette): BarColors =>
  p.mode === 'dark'
    ? { background: p.paper ?? p.background, text: '#ffffff', muted: 'rgba(255,255,255,0.6)', hover: 'rgba(255,255,255,0.08)' }
    : { background: '#ffffff', text: 'rgba(0,0,0,0.87)', muted: 'rgba(0,0,0,0.55)', hover: 'rgba(0,0,0,0.05)' };

/** The MUI theme for a user's display settings: palette, navbar and toolbar shades, layout. */
export function buildTheme(display: FullDisplaySettings): Theme {
  const p = PALETTES[display.theme];
  return createTheme({
    palette: {
      mode: p.mode,
      primary: { main: p.primary },
      secondary: { main: p.secondary },
      background: { default: p.background, ...(p.paper ? { paper: p.paper } : {}) },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'Inter, Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: { MuiButton: { defaultProps: { disableElevation: true } } },
    fieldwork: {
      navbar: display.layout.navbar === 'dark' ? darkBar(p.dark) : lightBar(p),
      toolbar: display.layout.toolbar === 'dark' ? darkBar(p.dark) : lightBar(p),
      layout: display.layout,
    },
  });
}

/** A small sample of each theme for the settings panel. */
export const themeSwatch = (name: ThemeName) => ({ primary: PALETTES[name].primary, background: PALETTES[name].background, dark: PALETTES[name].dark });
