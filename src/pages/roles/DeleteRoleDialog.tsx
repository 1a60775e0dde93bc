import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDelete } from '@refinedev/core';
import { useState } from 'react';
import { ROLE_MESSAGES, rolesMeta, type Role } from './role-api';

/** Asks before deleting a custom role; the server's refusal (still assigned) is shown here. */
export function DeleteRoleDialog({ role, companyId, onClose }: { role: Role; companyId: number; onClose: () => void }) {
  const { mutate, mutation } = useDelete();
  const [failure, setFailure] = useState<string | null>(null);
  const remove = () => {
    setFailure(null);
    mutate(
      {
        resource: 'roles',
        id: role.id,
        meta: { ...rolesMeta(companyId), quiet: true },
        successNotification: { message: ROLE_MESSAGES.deleted, type: 'success' },
        errorNotification: false,
      },
      { onSuccess: onClose, onError: (err) => setFailure(err.message) },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-role-title">
      <DialogTitle id="delete-role-title">Delete role?</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <DialogContentText>“{role.name}” will be deleted. This cannot be undone.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={remove} disabled={mutation.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
