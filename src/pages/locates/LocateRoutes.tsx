import { lazy, Suspense } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { Stack, Typography } from '@mui/material';
import { Route, Routes, useNavigate } from 'react-router';
import { locates, type Locate } from '../../../resources/locate';
import { ResourceListPage, type ListScope, type ResourceFormComponent } from '../../engine/ResourceListPage';
import { LoadingView } from '../../shell/LoadingView';
import { formatDay } from '../productions/production-status';
import { ExpiryChip, LocateStatusChip } from './locate-parts';
import { LocateFilterBar } from './LocateFilterBar';
import { LocateFormDialog } from './LocateFormDialog';

const LocateDetailPage = lazy(() => import('./LocateDetailPage').then((m) => ({ default: m.LocateDetailPage })));

/** Tickets about to expire stand out: the day with a chip "Expires in N days" or "Expired". */
const CELLS: Record<string, GridColDef['renderCell']> = {
  // The grid's value is a Date made from the day; the row keeps the day itself.
  expiresOn: ({ row }) => (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ height: '100%' }}>
      <span>{formatDay((row as Locate).expiresOn)}</span>
      <ExpiryChip expiresOn={(row as Locate).expiresOn} status={(row as Locate).status} />
    </Stack>
  ),
  status: ({ value }) => (value ? <LocateStatusChip status={value as Locate['status']} /> : null),
};

const SCOPE: ListScope = { initial: [], fields: ['status', 'expiresOn'], bar: (value, onChange) => <LocateFilterBar value={value} onChange={onChange} /> };

/** The new-ticket dialog, opened from the grid's button; a saved ticket opens its page. */
const CreateDialog: ResourceFormComponent = ({ onClose }) => {
  const navigate = useNavigate();
  return <LocateFormDialog onClose={(saved) => (saved ? navigate(`/locates/${saved.id}`) : onClose())} />;
};

const LocateList = ({ dialog }: { dialog?: 'create' }) => (
  <ResourceListPage
    def={locates}
    form={CreateDialog}
    dialog={dialog}
    editable={false}
    rowActions={false}
    cells={CELLS}
    scope={SCOPE}
    empty={<Typography color="text.secondary">No locate tickets yet. A ticket asks the utilities to mark their lines before digging.</Typography>}
  />
);

/** locates (the grid, next to expire first), locates/create, and locates/:locateId. Guarded by locate view (permissions/routes.ts). */
export function LocateRoutes() {
  return (
    <Suspense fallback={<LoadingView />}>
      <Routes>
        <Route index element={<LocateList />} />
        <Route path="create" element={<LocateList dialog="create" />} />
        <Route path=":locateId" element={<LocateDetailPage />} />
      </Routes>
    </Suspense>
  );
}
