import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDelete } from '@refinedev/core';
import { members, type MemberView } from '../../../resources/member';
import { useResource } from '../../engine/useResource';

/** Asks before removing; the server's refusal (the last Owner) is shown by the error dialog. */
export function RemoveMemberDialog({ member, onClose }: { member: Pick<MemberView, 'id' | 'name' | 'status'>; onClose: (removed: boolean) => void }) {
  const { meta } = useResource(members);
  const { mutate, mutation } = useDelete();
  const remove = () =>
    mutate(
      { resource: members.name, id: member.id, meta, successNotification: { message: members.messages.deleted, type: 'success' }, errorNotification: false },
      { onSuccess: () => onClose(true) },
    );
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby="remove-member-title">
      <DialogTitle id="remove-member-title">Remove member?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {member.status === 'invited'
            ? `The invitation of “${member.name}” will be withdrawn; its link stops working.`
            : `“${member.name}” will lose access to this company and leave their crews.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={remove} disabled={mutation.isPending}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
