import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { holds } from '../../../permissions';
import { MAP_LAYERS, type MapBox, type MapLayer } from '../../../resources/map';
import { useServerInfo } from '../../api/server-info';
import { useSession } from '../../session/useSession';
import { LoadingView } from '../../shell/LoadingView';
import { ProjectPicker } from '../productions/production-pickers';
import { useMapMarkers } from './map-api';

// Leaflet and the cluster plugin come with this chunk only.
const MarkersMap = lazy(() => import('./MarkersMap'));

/**
 * The map (spec 02 §2 `map`): projects, check-ins, damages and footprints as layers the person may
 * view, for the box on screen, optionally of one project; each marker opens its record.
 */
export function MapPage() {
  const navigate = useNavigate();
  const { profile, activeMembership } = useSession();
  const { mapTileUrl } = useServerInfo();
  const layers = useMemo(() => MAP_LAYERS.filter((l) => holds(profile, l.permission)), [profile]);
  const [hidden, setHidden] = useState<MapLayer[]>([]);
  const [projectId, setProjectId] = useState<number | null>(null);
  const [view, setView] = useState<{ box: MapBox; zoom: number } | null>(null);
  const shown = layers.map((l) => l.value).filter((l) => !hidden.includes(l));
  const request = view ? { ...view, layers: shown, projectId } : null;
  const { markers, loading, error, retry } = useMapMarkers(request, activeMembership?.companyId ?? null);
  const onView = useCallback((box: MapBox, zoom: number) => setView({ box, zoom }), []);
  const empty = !!markers && !loading && !error && markers.points.length === 0 && markers.clusters.length === 0;

  return (
    <Stack spacing={1.5} sx={{ p: { xs: 1.5, sm: 3 }, height: { xs: 'calc(100dvh - 64px)', sm: 'calc(100dvh - 72px)' }, minHeight: 420 }}>
      <Typography variant="h5" component="h1">
        Map
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
        <Box sx={{ minWidth: { sm: 280 } }}>
          <ProjectPicker size="small" value={projectId} onChange={(p) => setProjectId(p?.id ?? null)} />
        </Box>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label="Layers">
          {layers.map((l) => {
            const on = !hidden.includes(l.value);
            return (
              <Chip
                key={l.value}
                label={l.label}
                clickable
                aria-pressed={on}
                variant={on ? 'filled' : 'outlined'}
                onClick={() => setHidden(on ? [...hidden, l.value] : hidden.filter((h) => h !== l.value))}
                icon={<Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: on ? l.color : 'transparent', border: `2px solid ${l.color}`, ml: '8px !important' }} />}
                sx={on ? { bgcolor: `${l.color}1f` } : undefined}
              />
            );
          })}
        </Stack>
      </Stack>
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={retry}>
              Try again
            </Button>
          }
        >
          The map could not be loaded: {error.message}
        </Alert>
      )}
      {empty && (
        <Typography color="text.secondary" role="status">
          {shown.length === 0 ? 'Every layer is switched off.' : 'Nothing to show here. Move the map or switch a layer on.'}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 300, position: 'relative', overflow: 'hidden' }} aria-busy={loading}>
        {loading && <LinearProgress aria-label="Loading markers" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1000 }} />}
        <Suspense fallback={<LoadingView />}>
          <MarkersMap markers={markers} tileUrl={mapTileUrl} onView={onView} onOpen={(url) => navigate(url.replace(/^\/app(-mobile)?\//, '/'))} />
        </Suspense>
      </Paper>
    </Stack>
  );
}
