import { GlobalStyles, ThemeProvider } from '@mui/material';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { resolveDisplay, type FullDisplaySettings } from '../../resources/display-settings';
import { useSession } from '../session/useSession';
import { buildTheme } from './display-theme';

/** A look shown before it is saved: the settings panel's draft, or the navbar folded at once. */
const PreviewContext = createContext<(display: FullDisplaySettings | null) => void>(() => {});
export const useDisplayPreview = () => useContext(PreviewContext);

/** Applies the signed-in user's display settings (theme, bars, layout, scrollbars) to everything inside. */
export function DisplayThemeProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const settings = user?.settings;
  const [preview, setPreview] = useState<FullDisplaySettings | null>(null);
  const saved = useMemo(() => resolveDisplay(settings), [settings]);
  const display = preview ?? saved;
  const theme = useMemo(() => buildTheme(display), [display]);
  const thumb = theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.28)' : 'rgba(0,0,0,0.28)';
  const thumbHover = theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.45)' : 'rgba(0,0,0,0.45)';
  return (
    <PreviewContext.Provider value={setPreview}>
      <ThemeProvider theme={theme}>
        <GlobalStyles
          styles={{
            body: { backgroundColor: theme.palette.background.default, color: theme.palette.text.primary },
            // Custom scrollbars (spec 01 §9, on by default): thin and in the theme's shade; the
            // standard properties for Firefox and Chromium, the -webkit- ones for Safari.
            ...(display.layout.customScrollbars
              ? {
                  '*': { scrollbarWidth: 'thin', scrollbarColor: `${thumb} transparent` },
                  '*::-webkit-scrollbar': { width: 8, height: 8, backgroundColor: 'transparent' },
                  '*::-webkit-scrollbar-thumb': { backgroundColor: thumb, borderRadius: 4 },
                  '*::-webkit-scrollbar-thumb:hover': { backgroundColor: thumbHover },
                }
              : {}),
          }}
        />
        {children}
      </ThemeProvider>
    </PreviewContext.Provider>
  );
}
