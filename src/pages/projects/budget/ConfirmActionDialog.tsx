import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type ButtonProps } from '@mui/material';
import { useState, type ReactNode } from 'react';

/**
 * Asks before a budget move that is not a delete (cancel a submission, revoke a review, accept a
 * change order). A refusal is shown by the generic error dialog; this one closes either way.
 */
export function ConfirmActionDialog({
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  color = 'primary',
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  dismissLabel?: string;
  color?: ButtonProps['color'];
  onConfirm: () => Promise<unknown>;
  onClose: (done: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    onConfirm().then(
      () => onClose(true),
      () => onClose(false),
    );
  };
  return (
    <Dialog open onClose={() => !busy && onClose(false)} aria-labelledby="confirm-action-title">
      <DialogTitle id="confirm-action-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} disabled={busy} autoFocus>
          {dismissLabel}
        </Button>
        <Button variant="contained" color={color} onClick={confirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
