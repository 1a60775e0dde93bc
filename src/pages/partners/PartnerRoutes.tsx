import { Route, Routes } from 'react-router';
import { partnerResourceOf, type PartnerType } from '../../../resources/partnership';
import { ResourceListPage } from '../../engine/ResourceListPage';
import { AddPartnerDialog } from './AddPartnerDialog';
import { marketsColumn } from './markets-column';
import { PartnershipPage } from './PartnershipPage';

const EXTRA_COLUMNS = [marketsColumn];

/** clients (or subcontractors), …/create with the Add dialog, …/:id and its sections. */
export function PartnerRoutes({ type }: { type: PartnerType }) {
  const def = partnerResourceOf(type);
  const list = (dialog?: 'create') => (
    <ResourceListPage def={def} form={AddPartnerDialog} dialog={dialog} editable={false} extraColumns={EXTRA_COLUMNS} />
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
