import Add from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { formatMoney } from '../../../resources/money';
import { productions, type ProductionStatus } from '../../../resources/production';
import type { FieldEditor } from '../../engine/FilterBar';
import { ResourceListPage } from '../../engine/ResourceListPage';
import { useResource } from '../../engine/useResource';
import { LoadingView } from '../../shell/LoadingView';
import { ProductionCreateDialog } from './ProductionCreateDialog';
import { crewEditor, PROJECT_EDITOR } from './filter-editors';
import { useProductionCrews } from './production-pickers';
import { ProductionStatusChip } from './production-status';

// The inspection page (and the map of its traces, a chunk of its own below it) loads only when opened.
const ProductionInspectPage = lazy(() => import('./ProductionInspectPage').then((m) => ({ default: m.ProductionInspectPage })));

const CELLS: Record<string, GridColDef['renderCell']> = {
  status: ({ value }) => (value ? <ProductionStatusChip status={value as ProductionStatus} /> : null),
  amount: ({ value }) => (value === undefined || value === null ? '' : formatMoney(String(value))),
};

// The project is searched among the projects; the crew picked among those the company may record production for.
const EDITORS: Record<string, FieldEditor> = { projectId: PROJECT_EDITOR, crewId: crewEditor(() => useProductionCrews().crews) };

function EmptyProductions() {
  const navigate = useNavigate();
  const { canManage } = useResource(productions);
  return (
    <Stack spacing={1.5} alignItems="center">
      <Typography color="text.secondary">No productions yet.</Typography>
      <Typography color="text.secondary" variant="body2">
        A production is one crew's day on a project: the quantities of its budget items, with photos and notes.
      </Typography>
      {canManage && (
        <Button variant="outlined" startIcon={<Add />} onClick={() => navigate('/productions/create')}>
          Record the first production
        </Button>
      )}
    </Stack>
  );
}

/** Productions are reviewed on their own page, never edited or deleted from the grid: no actions column. */
const ProductionList = ({ dialog }: { dialog?: 'create' }) => (
  <ResourceListPage
    def={productions}
    form={ProductionCreateDialog}
    dialog={dialog}
    editable={false}
    rowActions={false}
    cells={CELLS}
    empty={<EmptyProductions />}
    filterEditors={EDITORS}
  />
);

/** productions/:id (a row of the grid) opens its inspection page. */
function ToInspection() {
  const { productionId = '' } = useParams();
  return <Navigate to={`/productions/inspect/${productionId}`} replace />;
}

/** productions (the grid, newest first), productions/create (the new production dialog) and one production's inspection with its sections. */
export function ProductionRoutes() {
  return (
    <Suspense fallback={<LoadingView />}>
      <Routes>
        <Route index element={<ProductionList />} />
        <Route path="create" element={<ProductionList dialog="create" />} />
        <Route path="inspect/:productionId/:sectionId?/:itemId?" element={<ProductionInspectPage />} />
        <Route path=":productionId" element={<ToInspection />} />
      </Routes>
    </Suspense>
  );
}
