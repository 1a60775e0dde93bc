import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { MapContainer, Polyline, TileLayer, Tooltip } from 'react-leaflet';
import type { ProductionTrace } from '../../../../resources/production';
import { useServerInfo } from '../../../api/server-info';

const COLORS = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00'];

/**
 * Where the work ran, one line per trace (leaflet, in this chunk only), over the tiles of the
 * server's MAP_TILE_URL. The lines are vectors: with no tile server reachable they still show, on the
 * map's plain background.
 */
export default function TraceMap({ traces }: { traces: ProductionTrace[] }) {
  const { mapTileUrl } = useServerInfo();
  const bounds = latLngBounds(traces.flatMap((t) => t.points));
  return (
    <MapContainer bounds={bounds} boundsOptions={{ padding: [24, 24] }} style={{ height: '100%', width: '100%', background: '#eef1f4' }} scrollWheelZoom={false}>
      {mapTileUrl && <TileLayer url={mapTileUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' />}
      {traces.map((t, i) => (
        <Polyline key={t.id} positions={t.points} pathOptions={{ color: COLORS[i % COLORS.length], weight: 5 }}>
          <Tooltip sticky>{`${Math.round(t.lengthMeters)} m${t.recordedBy ? ` · ${t.recordedBy}` : ''}`}</Tooltip>
        </Polyline>
      ))}
    </MapContainer>
  );
}
