import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { members, type MemberView } from '../../../resources/member';
import { ResourceListPage, type ResourceRemoval } from '../../engine/ResourceListPage';
import { useResource } from '../../engine/useResource';
import { useSession } from '../../session/useSession';
import { BulkImportDialog } from './BulkImportDialog';
import { MemberFormDialog } from './MemberFormDialog';
import { MemberShowPage } from './MemberShowPage';
import { RemoveMemberDialog } from './RemoveMemberDialog';

/** Members are removed from the company, not deleted: the grid asks as the member page does. */
const REMOVAL: ResourceRemoval = {
  label: 'Remove',
  dialog: ({ row, onClose }) => <RemoveMemberDialog member={row as unknown as MemberView} onClose={onClose} />,
};

/** The members grid with its Import button and the member dialog. */
function MemberList({ dialog }: { dialog?: 'create' | 'edit' }) {
  const { canManage, companyId } = useResource(members);
  const { activeMembership } = useSession();
  const [importing, setImporting] = useState(false);
  // Only an Owner may change or remove an Owner; others are not offered what the server refuses.
  const changeable = (row: Record<string, unknown>) => activeMembership?.role.name === 'Owner' || row.role !== 'Owner';
  const importButton = canManage && companyId && (
    <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setImporting(true)}>
      Import
    </Button>
  );
  return (
    <>
      <ResourceListPage def={members} form={MemberFormDialog} dialog={dialog} actions={importButton || undefined} removal={REMOVAL} editable={changeable} deletable={changeable} />
      {importing && companyId && <BulkImportDialog companyId={companyId} onClose={() => setImporting(false)} />}
    </>
  );
}

/** members, members/create, members/:id/edit, members/:memberId and its sections. */
export function MemberRoutes() {
  return (
    <Routes>
      <Route index element={<MemberList />} />
      <Route path="create" element={<MemberList dialog="create" />} />
      <Route path=":id/edit" element={<MemberList dialog="edit" />} />
      <Route path=":memberId" element={<MemberShowPage />} />
      <Route path=":memberId/:sectionId" element={<MemberShowPage />} />
    </Routes>
  );
}
