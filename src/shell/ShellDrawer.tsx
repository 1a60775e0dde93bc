import { Drawer, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useShellPanels, type ShellPanel } from './panels';

/**
 * A side panel of the shell (chat, quick panel, settings): on the right, its width from spec 02 §9
 * and the whole screen on phones, a dialog to assistive technology, the page left usable beside it.
 */
export function ShellDrawer({ panel, label, width, id, paperSx, children }: { panel: ShellPanel; label: string; width: number; id?: string; paperSx?: SxProps<Theme>; children: ReactNode }) {
  const { open, close } = useShellPanels();
  return (
    <Drawer
      anchor="right"
      open={open === panel}
      onClose={close}
      slotProps={{
        backdrop: { invisible: true },
        paper: { ...(id ? { id } : {}), role: 'dialog', 'aria-label': label, sx: [{ width: { xs: '100%', sm: width } }, ...(Array.isArray(paperSx) ? paperSx : paperSx ? [paperSx] : [])] } as object,
      }}
    >
      {children}
    </Drawer>
  );
}
