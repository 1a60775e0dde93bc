import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDelete } from '@refinedev/core';
import { useState } from 'react';
import type { ResourceDef } from '../../resources/engine';

/** How a removal that is not a plain delete reads: removing a member, withdrawing an invitation. */
export interface DeleteWording {
  title: string;
  text: string;
  confirm: string;
}

type Target =
  | { def: ResourceDef; meta: Record<string, unknown>; row: Record<string, unknown>; onConfirm?: undefined; wording?: DeleteWording }
  /** A removal that is not one resource row (several files and folders at once): the caller deletes. */
  | { onConfirm: () => Promise<unknown>; wording: DeleteWording; def?: undefined; meta?: undefined; row?: undefined };

/** Asks before deleting; the server's refusal (a row still in use) is shown by the error dialog. */
export function ConfirmDeleteDialog({ def, meta, row, onConfirm, onClose, wording }: Target & { onClose: (deleted: boolean) => void }) {
  const { mutate, mutation } = useDelete();
  const [confirming, setConfirming] = useState(false);
  const remove = () => {
    if (onConfirm) {
      setConfirming(true);
      onConfirm().then(
        () => onClose(true),
        () => setConfirming(false),
      );
      return;
    }
    if (!def || !row || !meta) return;
    mutate(
      { resource: def.name, id: row.id as number, meta: { ...meta, itemPath: meta.deletePath ?? meta.itemPath }, successNotification: { message: def.messages.deleted, type: 'success' }, errorNotification: false },
      { onSuccess: () => onClose(true) },
    );
  };
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="confirm-delete-title">
      <DialogTitle id="confirm-delete-title">{wording?.title ?? `Delete ${def?.singular.toLowerCase()}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText>{wording?.text ?? `“${String((row && def ? row[def.titleField] : '') ?? '')}” will be deleted. This cannot be undone.`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={remove} disabled={mutation.isPending || confirming}>
          {wording?.confirm ?? 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
