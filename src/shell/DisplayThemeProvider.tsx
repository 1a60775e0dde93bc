import { GlobalStyles, ThemeProvider } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { resolveDisplay } from '../../resources/display-settings';
import { useSession } from '../session/useSession';
import { buildTheme } from './display-theme';

/** Applies the signed-in user's display settings (theme, bars, layout, scrollbars) to everything inside. */
export function DisplayThemeProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const settings = user?.settings;
  const display = useMemo(() => resolveDisplay(settings), [settings]);
  const theme = useMemo(() => buildTheme(display), [display]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles
        styles={{
          body: { backgroundColor: theme.palette.background.default, color: theme.palette.text.primary },
          ...(display.layout.customScrollbars
            ? {
                '*': { scrollbarWidth: 'thin', scrollbarColor: `${theme.palette.action.disabled} transparent` },
                '*::-webkit-scrollbar': { width: 8, height: 8 },
                '*::-webkit-scrollbar-thumb': { backgroundColor: theme.palette.action.disabled, borderRadius: 4 },
              }
            : {}),
        }}
      />
      {children}
    </ThemeProvider>
  );
}
