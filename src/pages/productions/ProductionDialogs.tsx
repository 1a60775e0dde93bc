import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { rejectProductionBody } from '../../../resources/production';
import type { ApiError } from '../../api/http';

/** Runs an action from a dialog: busy while it runs, the server's message shown when it fails, closed when it succeeds. */
function useDialogAction(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      onDone();
    } catch (err) {
      setFailure((err as ApiError).message);
      setBusy(false);
    }
  };
  return { busy, failure, run };
}

function Shell({ id, title, busy, onClose, onSubmit, submitLabel, children, danger }: {
  id: string;
  title: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  children: ReactNode;
  danger?: boolean;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby={id}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>{children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy}>
            {busy ? 'Working…' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Reject (spec 02 §2 dialog): the reason is required, as the contract says. */
export function RejectDialog({ onReject, onClose }: { onReject: (reason: string) => Promise<unknown>; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, failure, run } = useDialogAction(onClose);
  const submit = () => {
    const checked = rejectProductionBody.safeParse({ reason });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setError(null);
    void run(() => onReject(checked.data.reason));
  };
  return (
    <Shell id="reject-production-title" title="Reject production" busy={busy} onClose={onClose} onSubmit={submit} submitLabel="Reject" danger>
      <DialogContentText>The producing company sees the reason; it can amend the production and submit it again.</DialogContentText>
      <TextField
        label="Reason"
        required
        multiline
        minRows={3}
        autoFocus
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={!!error}
        helperText={error}
        disabled={busy}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
    </Shell>
  );
}

/** Approve, with the choice to tell the producing company by e-mail. */
export function ApproveDialog({ onApprove, onClose }: { onApprove: (sendEmail: boolean) => Promise<unknown>; onClose: () => void }) {
  const [sendEmail, setSendEmail] = useState(true);
  const { busy, failure, run } = useDialogAction(onClose);
  return (
    <Shell id="approve-production-title" title="Approve production" busy={busy} onClose={onClose} onSubmit={() => void run(() => onApprove(sendEmail))} submitLabel="Approve">
      <DialogContentText>Your company's review of this production becomes approved.</DialogContentText>
      <FormControlLabel control={<Checkbox checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} disabled={busy} />} label="Send e-mail" />
      {failure && <Alert severity="error">{failure}</Alert>}
    </Shell>
  );
}

/** A yes-or-no question before an action (submit, amend, delete an item or comment). */
export function ConfirmDialog({ title, question, confirmLabel, onConfirm, onClose, danger }: {
  title: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  danger?: boolean;
}) {
  const { busy, failure, run } = useDialogAction(onClose);
  return (
    <Shell id="confirm-production-title" title={title} busy={busy} onClose={onClose} onSubmit={() => void run(onConfirm)} submitLabel={confirmLabel} danger={danger}>
      <DialogContentText>{question}</DialogContentText>
      {failure && <Alert severity="error">{failure}</Alert>}
    </Shell>
  );
}
