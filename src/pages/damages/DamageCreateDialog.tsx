import { useNavigate } from 'react-router';
import type { ResourceFormComponent } from '../../engine/ResourceListPage';
import { ResourceFormDialog } from '../../engine/ResourceFormDialog';

/** The new damage dialog (the resource's own form and schema); a saved damage opens on its page, where files are added. */
export const DamageCreateDialog: ResourceFormComponent = ({ def, onClose }) => {
  const navigate = useNavigate();
  return <ResourceFormDialog def={def} onClose={(savedId) => (savedId === undefined ? onClose() : navigate(`/damages/${savedId}/files`))} />;
};
