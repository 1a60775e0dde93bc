import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The shell's side panels (spec 02 §2): team chat (360 px), quick panel (280 px), settings drawer (380 px). */
export type ShellPanel = 'chat' | 'quick' | 'settings';

interface ShellPanels {
  /** The panel open now; one at a time. */
  open: ShellPanel | null;
  show: (panel: ShellPanel) => void;
  toggle: (panel: ShellPanel) => void;
  close: () => void;
}

const PanelsContext = createContext<ShellPanels>({ open: null, show: () => {}, toggle: () => {}, close: () => {} });

export function ShellPanelsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<ShellPanel | null>(null);
  const value = useMemo<ShellPanels>(
    () => ({ open, show: setOpen, toggle: (p) => setOpen((cur) => (cur === p ? null : p)), close: () => setOpen(null) }),
    [open],
  );
  return <PanelsContext.Provider value={value}>{children}</PanelsContext.Provider>;
}

export const useShellPanels = () => useContext(PanelsContext);
