import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDelete } from '@refinedev/core';
import type { ResourceDef } from '../../resources/engine';

/** How a removal that is not a plain delete reads: removing a member, withdrawing an invitation. */
export interface DeleteWording {
  title: string;
  text: string;
  confirm: string;
}

/** Asks before deleting; the server's refusal (a row still in use) is shown by the error dialog. */
export function ConfirmDeleteDialog({
  def,
  meta,
  row,
  onClose,
  wording,
}: {
  def: ResourceDef;
  meta: Record<string, unknown>;
  row: Record<string, unknown>;
  onClose: (deleted: boolean) => void;
  wording?: DeleteWording;
}) {
  const { mutate, mutation } = useDelete();
  const remove = () =>
    mutate(
      { resource: def.name, id: row.id as number, meta: { ...meta, itemPath: meta.deletePath ?? meta.itemPath }, successNotification: { message: def.messages.deleted, type: 'success' }, errorNotification: false },
      { onSuccess: () => onClose(true) },
    );
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="confirm-delete-title">
      <DialogTitle id="confirm-delete-title">{wording?.title ?? `Delete ${def.singular.toLowerCase()}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText>{wording?.text ?? `“${String(row[def.titleField] ?? '')}” will be deleted. This cannot be undone.`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={remove} disabled={mutation.isPending}>
          {wording?.confirm ?? 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
