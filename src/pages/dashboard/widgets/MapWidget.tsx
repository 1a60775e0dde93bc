import { Alert, Box, Button, LinearProgress } from '@mui/material';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Widget } from '../../../../resources/dashboard';
import type { MapBox, MapLayer } from '../../../../resources/map';
import { useServerInfo } from '../../../api/server-info';
import { markersPath } from '../../map/map-api';
import { inAppPath } from './AttentionWidget';
import { useLoaded } from './useLoaded';
import type { WidgetSource } from './widget-source';

// The map page's own map, in its own chunk with leaflet.
const MarkersMap = lazy(() => import('../../map/MarkersMap'));

/** One layer of the map page's markers for the box the widget shows, narrowed to the dashboard's project. */
export function MapWidget({ widget, source }: { widget: Widget; source: WidgetSource }) {
  const navigate = useNavigate();
  const { mapTileUrl } = useServerInfo();
  const [view, setView] = useState<{ box: MapBox; zoom: number } | null>(null);
  const layer = ((widget.configuration as { layer?: MapLayer }).layer ?? 'projects') as MapLayer;
  const projectId = source.filtersOf(widget).projectId ?? null;
  const path = view ? markersPath({ ...view, layers: [layer], projectId }) : null;
  const loaded = useLoaded(path ? (signal) => source.markers(widget, new URLSearchParams(path.split('?')[1]), signal) : null, `${path}|${source.keyOf(widget)}`);
  const onView = useCallback((box: MapBox, zoom: number) => setView({ box, zoom }), []);
  return (
    <Box sx={{ position: 'relative', height: '100%', minHeight: 160 }} aria-busy={loaded.loading}>
      {loaded.loading && <LinearProgress aria-label="Loading markers" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1000 }} />}
      {loaded.error && (
        <Alert
          severity="error"
          sx={{ position: 'absolute', top: 8, left: 8, right: 8, zIndex: 1000 }}
          action={
            <Button color="inherit" size="small" onClick={loaded.retry}>
              Retry
            </Button>
          }
        >
          {loaded.error.message}
        </Alert>
      )}
      <Suspense fallback={null}>
        <MarkersMap markers={loaded.data} tileUrl={mapTileUrl} onView={onView} onOpen={(url) => navigate(inAppPath(url))} />
      </Suspense>
    </Box>
  );
}
