import { Route, Routes } from 'react-router';
import { crews } from '../../../resources/crew';
import { ResourceListPage } from '../../engine/ResourceListPage';
import { CrewFormDialog } from './CrewFormDialog';
import { CrewShowPage } from './CrewShowPage';

/** crews, crews/create, crews/:id/edit (the engine's grid with the crew dialog), crews/:crewId and its sections. */
export function CrewRoutes() {
  return (
    <Routes>
      <Route index element={<ResourceListPage def={crews} form={CrewFormDialog} />} />
      <Route path="create" element={<ResourceListPage def={crews} form={CrewFormDialog} dialog="create" />} />
      <Route path=":id/edit" element={<ResourceListPage def={crews} form={CrewFormDialog} dialog="edit" />} />
      <Route path=":crewId" element={<CrewShowPage />} />
      <Route path=":crewId/:sectionId" element={<CrewShowPage />} />
    </Routes>
  );
}
