import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';

/**
 * Confirms an approval made through a link, with the name of who approves (prefilled with the
 * contact's, editable), so the issuer reads who decided. A refusal stays in the dialog to try again.
 */
export function ApproveDialog({
  title,
  intro,
  defaultName,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  intro: ReactNode;
  defaultName: string;
  confirmLabel: string;
  onConfirm: (name: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [name, setName] = useState(defaultName);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await onConfirm(name.trim() || null);
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="approve-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="approve-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText component="div">{intro}</DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField label="Your name" value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} autoFocus fullWidth disabled={busy} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Sending…' : confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
