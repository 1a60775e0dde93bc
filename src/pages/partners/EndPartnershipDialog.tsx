import type { ResourceDef } from '../../../resources/engine';
import type { PartnershipView } from '../../../resources/partnership';
import { isPending } from '../../../resources/partnership-lifecycle';
import { ConfirmDeleteDialog } from '../../engine/ConfirmDeleteDialog';
import { useResource } from '../../engine/useResource';

/**
 * The spec's Delete ends a partnership, or withdraws a request not answered yet; nothing is deleted,
 * so the dialog says what happens. The toast stays the spec's ('Client Deleted').
 */
export function EndPartnershipDialog({ def, row, onClose }: { def: ResourceDef; row: Pick<PartnershipView, 'id' | 'name' | 'status'>; onClose: (ended: boolean) => void }) {
  const { meta } = useResource(def);
  const wording = isPending(row.status)
    ? {
        title: row.status === 'invited' ? 'Withdraw the invitation?' : 'Withdraw the request?',
        text: `“${row.name}” can no longer accept it. It stays in your list as ended.`,
        confirm: 'Withdraw',
      }
    : {
        title: 'End the partnership?',
        text: `You will no longer work with “${row.name}”. Both companies keep their own items and records and see the partnership as ended; each may then delete its own.`,
        confirm: 'End partnership',
      };
  return <ConfirmDeleteDialog def={def} meta={meta} row={row as unknown as Record<string, unknown>} onClose={onClose} wording={wording} />;
}
