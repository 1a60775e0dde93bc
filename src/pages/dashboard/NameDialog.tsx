import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { dashboardName } from '../../../resources/dashboard';
import type { ApiError } from '../../api/http';

/** Names a new dashboard or renames one. */
export function NameDialog({ title, submitLabel, initial = '', onSubmit, onClose }: { title: string; submitLabel: string; initial?: string; onSubmit: (name: string) => Promise<unknown>; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = dashboardName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(parsed.data);
      onClose();
    } catch (err) {
      setFailure((err as ApiError).message);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="dashboard-name-title">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="dashboard-name-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
