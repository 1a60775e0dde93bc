import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';

interface ReasonDialogProps {
  title: string;
  intro?: ReactNode;
  label: string;
  /** Shown when the reason is left empty. */
  requiredMessage: string;
  confirmLabel: string;
  /** Sends the reason; a rejection is shown in the dialog, which stays open to try again. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * A decision that needs its reason: rejecting a budget review (in the app and on the external page),
 * sending a change order back. Nothing is sent without a reason.
 */
export function ReasonDialog({ title, intro, label, requiredMessage, confirmLabel, onConfirm, onClose }: ReasonDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="reason-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reason-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {intro && <DialogContentText component="div">{intro}</DialogContentText>}
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label={label}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
              error={missing}
              helperText={missing ? requiredMessage : undefined}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
              multiline
              minRows={3}
              autoFocus
              fullWidth
              required
              disabled={busy}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
