import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton, Stack, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { lazy, Suspense, useState } from 'react';
import { FOOTPRINT_SUCCESS, footprints, type Footprint } from '../../../resources/footprint';
import { formatArea, formatLength } from '../../../resources/geo';
import type { ApiError } from '../../api/http';
import { useResource } from '../../engine/useResource';
import { FootprintDrawer } from './FootprintDrawer';
import { reshapeFootprint, useFootprintRefresh } from './footprint-api';
import { useDrawing } from './use-drawing';

const FootprintMap = lazy(() => import('./FootprintMap'));

/** The measure as stored (computed by the server): an area with its perimeter, or a line's length. */
export const storedMeasure = (f: Pick<Footprint, 'kind' | 'areaM2' | 'lengthM'>) =>
  f.kind === 'polygon' && f.areaM2 !== null ? `${formatArea(f.areaM2)} · perimeter ${formatLength(f.lengthM)}` : formatLength(f.lengthM);

function Redraw({ footprint, onDone }: { footprint: Footprint; onDone: () => void }) {
  const drawing = useDrawing({ kind: footprint.kind, points: footprint.points });
  const refresh = useFootprintRefresh();
  const { open: notify } = useNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const save = async () => {
    setFailure(null);
    try {
      await reshapeFootprint(footprint.id, drawing.kind, drawing.points);
      await refresh();
      notify?.({ type: 'success', message: FOOTPRINT_SUCCESS.saved });
      onDone();
    } catch (err) {
      setFailure((err as ApiError).message);
    }
  };
  return (
    <Stack spacing={1.5}>
      <FootprintDrawer drawing={drawing} />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void save()} disabled={!drawing.enough}>
          Save shape
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/** The footprint on the map with its measure; managers redraw it (the server measures again). */
export function FootprintShape({ footprint }: { footprint: Footprint }) {
  const { canManage } = useResource(footprints);
  const [redrawing, setRedrawing] = useState(false);
  return (
    <Card>
      <CardHeader
        title={footprint.kind === 'polygon' ? 'Area' : 'Line'}
        subheader={<Typography variant="body2" data-testid="stored-measure">{storedMeasure(footprint)}</Typography>}
        action={canManage && !redrawing && <Button onClick={() => setRedrawing(true)}>Redraw</Button>}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {redrawing ? (
          <Redraw footprint={footprint} onDone={() => setRedrawing(false)} />
        ) : (
          <Box sx={{ height: 380, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
            <Suspense fallback={<Skeleton variant="rectangular" height={380} />}>
              <FootprintMap kind={footprint.kind} points={footprint.points} />
            </Suspense>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
