import Add from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { damages, type DamageStatus } from '../../../resources/damage';
import { formatMoney } from '../../../resources/money';
import { ResourceListPage } from '../../engine/ResourceListPage';
import { useResource } from '../../engine/useResource';
import { LoadingView } from '../../shell/LoadingView';
import { DamageCreateDialog } from './DamageCreateDialog';
import { DamageStatusChip } from './damage-status';

const DamagePage = lazy(() => import('./DamagePage').then((m) => ({ default: m.DamagePage })));

const CELLS: Record<string, GridColDef['renderCell']> = {
  status: ({ value }) => (value ? <DamageStatusChip status={value as DamageStatus} /> : null),
  amount: ({ value }) => (value === undefined || value === null ? '' : formatMoney(String(value))),
};

function EmptyDamages() {
  const navigate = useNavigate();
  const { canManage } = useResource(damages);
  return (
    <Stack spacing={1.5} alignItems="center">
      <Typography color="text.secondary">No damages reported.</Typography>
      <Typography color="text.secondary" variant="body2">
        A damage is harm a job did to someone else's property: a struck line, a cut cable, a cracked driveway.
      </Typography>
      {canManage && (
        <Button variant="outlined" startIcon={<Add />} onClick={() => navigate('/damages/create')}>
          Report a damage
        </Button>
      )}
    </Stack>
  );
}

/** Damages are changed on their own page: the grid opens them, newest damage date first. */
const DamageList = ({ dialog }: { dialog?: 'create' }) => (
  <ResourceListPage def={damages} form={DamageCreateDialog} dialog={dialog} editable={false} rowActions={false} cells={CELLS} empty={<EmptyDamages />} />
);

/** damages (the grid), damages/create, damages/:damageId and damages/:damageId/:sectionId. */
export function DamageRoutes() {
  return (
    <Suspense fallback={<LoadingView />}>
      <Routes>
        <Route index element={<DamageList />} />
        <Route path="create" element={<DamageList dialog="create" />} />
        <Route path=":damageId/:sectionId?" element={<DamagePage />} />
      </Routes>
    </Suspense>
  );
}
