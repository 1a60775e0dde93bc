import { Route, Routes } from 'react-router';
import { partnerResourceOf, type PartnerType } from '../../../resources/partnership';
import { ResourceListPage } from '../../engine/ResourceListPage';
import { AddPartnerDialog } from './AddPartnerDialog';
import { marketsColumn } from './markets-column';
import { PartnershipPage } from './PartnershipPage';

const EXTRA_COLUMNS = [marketsColumn];
/** Only the company that made a partnership ends it; the partner side only reads. */
const ownPartnership = (row: Record<string, unknown>) => row.side === 'host';

/** clients (or subcontractors), …/create with the Add dialog, …/:id and its sections. */
export function PartnerRoutes({ type }: { type: PartnerType }) {
  const def = partnerResourceOf(type);
  const list = (dialog?: 'create') => (
    <ResourceListPage def={def} form={AddPartnerDialog} dialog={dialog} editable={false} extraColumns={EXTRA_COLUMNS} deletable={ownPartnership} />
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
