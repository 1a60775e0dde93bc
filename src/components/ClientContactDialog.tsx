import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { clientContactBody, type ClientContactInput } from '../../resources/client-decision';
import { ClientContactFields } from './ClientContactFields';

/**
 * The client contact a document (an invoice, a change order) is mailed to: checked with the server's
 * schema, saved through `onSave` (which may also send); a refusal stays in the dialog.
 */
export function ClientContactDialog({
  title,
  intro,
  initial,
  confirmLabel = 'Save contact',
  onSave,
  onClose,
}: {
  title: string;
  intro: string;
  initial: { email: string | null; name: string | null } | null;
  confirmLabel?: string;
  onSave: (contact: ClientContactInput) => Promise<void>;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState({ email: initial?.email ?? '', name: initial?.name ?? '' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const checked = clientContactBody.safeParse({ contactEmail: values.email, contactName: values.name });
    if (!checked.success) {
      setInvalid(checked.error.issues.find((i) => i.path[0] === 'contactEmail')?.message ?? checked.error.issues[0]!.message);
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await onSave(checked.data);
    } catch (err) {
      setFailure((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="client-contact-title">
      <form onSubmit={save} noValidate>
        <DialogTitle id="client-contact-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{intro}</DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            <ClientContactFields
              values={values}
              error={invalid}
              autoFocus
              disabled={busy}
              onChange={(v) => {
                setValues(v);
                setInvalid(null);
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
