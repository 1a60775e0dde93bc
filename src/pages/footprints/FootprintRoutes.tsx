import Add from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { footprints, type RestorationStatus } from '../../../resources/footprint';
import { ResourceListPage } from '../../engine/ResourceListPage';
import { useResource } from '../../engine/useResource';
import { LoadingView } from '../../shell/LoadingView';
import { RestorationChip } from './footprint-status';

// The page and the drawing dialog bring leaflet: loaded only when opened.
const FootprintPage = lazy(() => import('./FootprintPage').then((m) => ({ default: m.FootprintPage })));
const FootprintCreateDialog = lazy(() => import('./FootprintCreateDialog').then((m) => ({ default: m.FootprintCreateDialog })));

const number = (v: unknown) => (v === null || v === undefined ? '' : Number(v).toLocaleString('en-US', { maximumFractionDigits: 1 }));
const CELLS: Record<string, GridColDef['renderCell']> = {
  restorationStatus: ({ value }) => (value ? <RestorationChip status={value as RestorationStatus} /> : null),
  areaM2: ({ value }) => number(value),
  lengthM: ({ value }) => number(value),
};

function EmptyFootprints() {
  const navigate = useNavigate();
  const { canManage } = useResource(footprints);
  return (
    <Stack spacing={1.5} alignItems="center">
      <Typography color="text.secondary">No footprints yet.</Typography>
      <Typography color="text.secondary" variant="body2">
        A footprint is the ground a job disturbed, drawn on the map and followed until it is restored and inspected.
      </Typography>
      {canManage && (
        <Button variant="outlined" startIcon={<Add />} onClick={() => navigate('/footprints/create')}>
          Draw the first footprint
        </Button>
      )}
    </Stack>
  );
}

const FootprintList = ({ dialog }: { dialog?: 'create' }) => (
  <ResourceListPage def={footprints} form={FootprintCreateDialog} dialog={dialog} editable={false} rowActions={false} cells={CELLS} empty={<EmptyFootprints />} />
);

/** footprints (the grid, newest first), footprints/create (draw one), footprints/:footprintId/:sectionId. */
export function FootprintRoutes() {
  return (
    <Suspense fallback={<LoadingView />}>
      <Routes>
        <Route index element={<FootprintList />} />
        <Route path="create" element={<FootprintList dialog="create" />} />
        <Route path=":footprintId/:sectionId?" element={<FootprintPage />} />
      </Routes>
    </Suspense>
  );
}
