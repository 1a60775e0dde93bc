import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { partnerResourceOf, type PartnershipView, type PartnerType } from '../../../resources/partnership';
import { allows } from '../../../resources/partnership-lifecycle';
import { ResourceListPage, type ResourceRemoval } from '../../engine/ResourceListPage';
import { AddPartnerDialog } from './AddPartnerDialog';
import { EndPartnershipDialog } from './EndPartnershipDialog';
import { IncomingRequests } from './IncomingRequests';
import { marketsColumn } from './markets-column';
import { PartnershipPage } from './PartnershipPage';

const EXTRA_COLUMNS = [marketsColumn];
/** Either side ends an active partnership; only the asking side withdraws a request. Declined and ended ones stay as they are. */
const endable = (row: Record<string, unknown>) => {
  const p = row as unknown as PartnershipView;
  return allows(p.status, 'end', p.side);
};

/** clients (or subcontractors), …/create with the Add dialog, …/:id and its sections. */
export function PartnerRoutes({ type }: { type: PartnerType }) {
  const def = partnerResourceOf(type);
  const removal = useMemo<ResourceRemoval>(
    () => ({ label: 'End', dialog: ({ row, onClose }) => <EndPartnershipDialog def={def} row={row as unknown as PartnershipView} onClose={onClose} /> }),
    [def],
  );
  const list = (dialog?: 'create') => (
    <ResourceListPage
      def={def}
      form={AddPartnerDialog}
      dialog={dialog}
      editable={false}
      extraColumns={EXTRA_COLUMNS}
      notice={<IncomingRequests def={def} />}
      removal={removal}
      deletable={endable}
    />
  );
  return (
    <Routes>
      <Route index element={list()} />
      <Route path="create" element={list('create')} />
      <Route path=":partnershipId" element={<PartnershipPage type={type} />} />
      <Route path=":partnershipId/:sectionId" element={<PartnershipPage type={type} />} />
    </Routes>
  );
}
