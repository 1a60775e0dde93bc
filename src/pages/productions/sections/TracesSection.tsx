import { Alert, Box, Card, CardContent, CardHeader, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useList } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import type { Production, ProductionTrace } from '../../../../resources/production';
import { PRODUCTION_RESOURCES, productionPaths, useProductionRefresh } from '../production-api';
import { TraceRecorder } from './TraceRecorder';

// Leaflet comes only with this chunk.
const TraceMap = lazy(() => import('./TraceMap'));

const formatLength = (m: number) => (m >= 1000 ? `${(m / 1000).toLocaleString(undefined, { maximumFractionDigits: 2 })} km` : `${Math.round(m)} m`);

/** The lines the crew's work ran along that day (GET /production/{id}/traces), on a map. */
export function TracesSection({ production }: { production: Production }) {
  const { result, query } = useList<ProductionTrace>({
    resource: PRODUCTION_RESOURCES.traces,
    meta: { path: productionPaths(production.id).traces },
    pagination: { mode: 'off' },
  });
  const refresh = useProductionRefresh();
  return (
    <Card>
      <CardHeader title="Traces" subheader="Where the work ran." slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {production.canEdit && <TraceRecorder productionId={production.id} onSaved={refresh} />}
        {query.isLoading ? (
          <Skeleton variant="rounded" height={320} />
        ) : query.isError ? (
          <Alert severity="error">The traces could not be loaded. {query.error?.message}</Alert>
        ) : result.data.length === 0 ? (
          <Typography color="text.secondary">No traces were recorded for this production.</Typography>
        ) : (
          <>
            <Box sx={{ height: { xs: 300, md: 420 }, borderRadius: 1, overflow: 'hidden' }} role="region" aria-label="Map of the traces">
              <Suspense fallback={<Skeleton variant="rectangular" height="100%" />}>
                <TraceMap traces={result.data} />
              </Suspense>
            </Box>
            <List dense disablePadding>
              {result.data.map((t, i) => (
                <ListItem key={t.id} disableGutters divider>
                  <ListItemText
                    primary={`Trace ${i + 1}: ${formatLength(t.lengthMeters)}, ${t.points.length} points`}
                    secondary={[t.recordedBy, new Date(t.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })].filter(Boolean).join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}
