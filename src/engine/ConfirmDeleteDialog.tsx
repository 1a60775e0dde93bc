import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDelete } from '@refinedev/core';
import type { ResourceDef } from '../../resources/engine';

/** Asks before deleting; the server's refusal (a row still in use) is shown by the error dialog. */
export function ConfirmDeleteDialog({
  def,
  meta,
  row,
  onClose,
}: {
  def: ResourceDef;
  meta: Record<string, unknown>;
  row: Record<string, unknown>;
  onClose: (deleted: boolean) => void;
}) {
  const { mutate, mutation } = useDelete();
  const remove = () =>
    mutate(
      { resource: def.name, id: row.id as number, meta: { ...meta, itemPath: meta.deletePath ?? meta.itemPath }, successNotification: { message: def.messages.deleted, type: 'success' }, errorNotification: false },
      { onSuccess: () => onClose(true) },
    );
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="confirm-delete-title">
      <DialogTitle id="confirm-delete-title">Delete {def.singular.toLowerCase()}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          “{String(row[def.titleField] ?? '')}” will be deleted. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={remove} disabled={mutation.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
