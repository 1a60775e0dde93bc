import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { Fragment } from 'react';
import { KEYBOARD_SHORTCUTS } from './keyboard-shortcuts';
import { useShellCommands } from './shell-commands';

const Key = ({ children }: { children: string }) => (
  <Box
    component="kbd"
    sx={{ fontFamily: 'inherit', fontSize: 13, px: 0.75, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'nowrap' }}
  >
    {children}
  </Box>
);

/** The list of the shell's keyboard shortcuts, on "?" and from the account menu. */
export function KeyboardShortcutsHelp() {
  const { helpOpen, setHelpOpen } = useShellCommands();
  const close = () => setHelpOpen(false);
  return (
    <Dialog open={helpOpen} onClose={close} aria-labelledby="keyboard-shortcuts-title" fullWidth maxWidth="xs">
      <DialogTitle id="keyboard-shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Keyboard shortcuts">
          <TableBody>
            {KEYBOARD_SHORTCUTS.map((s) => (
              <TableRow key={s.description}>
                <TableCell sx={{ pl: 0 }}>
                  {s.keys.map((k, i) => (
                    <Fragment key={k}>
                      {i > 0 && ' or '}
                      <Key>{k}</Key>
                    </Fragment>
                  ))}
                </TableCell>
                <TableCell>{s.description}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Box sx={{ mt: 2, fontSize: 13, color: 'text.secondary' }}>They wait while you type in a field or a dialog is open. On a Mac, Cmd+K works too.</Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
