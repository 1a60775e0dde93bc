import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * What the toolbar, the user menu and the keyboard shortcuts ask of each other: focus the navigation
 * search, show the keyboard-shortcuts help, run the help tour.
 */
interface ShellCommands {
  focusSearch: () => void;
  /** The search registers how to focus itself (the inline field, or the phone's full-width one). */
  registerSearch: (focus: (() => void) | null) => void;
  helpOpen: boolean;
  setHelpOpen: (open: boolean) => void;
  tourOpen: boolean;
  startTour: () => void;
  endTour: () => void;
}

const noop = () => {};
const CommandsContext = createContext<ShellCommands>({
  focusSearch: noop,
  registerSearch: noop,
  helpOpen: false,
  setHelpOpen: noop,
  tourOpen: false,
  startTour: noop,
  endTour: noop,
});

export function ShellCommandsProvider({ children }: { children: ReactNode }) {
  const search = useRef<(() => void) | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [tourOpen, setTourOpen] = useState(false);
  const registerSearch = useCallback((focus: (() => void) | null) => {
    search.current = focus;
  }, []);
  const startTour = useCallback(() => setTourOpen(true), []);
  const endTour = useCallback(() => setTourOpen(false), []);
  const value = useMemo<ShellCommands>(
    () => ({
      focusSearch: () => search.current?.(),
      registerSearch,
      helpOpen,
      setHelpOpen,
      tourOpen,
      startTour,
      endTour,
    }),
    [helpOpen, tourOpen, registerSearch, startTour, endTour],
  );
  return <CommandsContext.Provider value={value}>{children}</CommandsContext.Provider>;
}

export const useShellCommands = () => useContext(CommandsContext);
