import { members, type MemberView } from '../../../resources/member';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useResource } from '../../engine/useResource';

/** Asks before removing; the server's refusal (the last Owner) is shown by the error dialog. */
export function RemoveMemberDialog({ member, onClose }: { member: Pick<MemberView, 'id' | 'name' | 'status'>; onClose: (removed: boolean) => void }) {
  const { meta } = useResource(members);
  const text =
    member.status === 'invited'
      ? `The invitation of “${member.name}” will be withdrawn; its link stops working.`
      : `“${member.name}” will lose access to this company and leave their crews.`;
  return (
    <ConfirmDeleteDialog
      def={members}
      meta={meta}
      row={member as unknown as Record<string, unknown>}
      onClose={onClose}
      wording={{ title: 'Remove member?', text, confirm: 'Remove' }}
    />
  );
}
