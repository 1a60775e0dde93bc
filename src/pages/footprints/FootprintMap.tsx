import 'leaflet/dist/leaflet.css';
import { latLngBounds, type Map as LeafletMap } from 'leaflet';
import { useEffect, useRef } from 'react';
import { CircleMarker, MapContainer, Polygon, Polyline, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { FootprintKind } from '../../../resources/footprint';
import type { LatLng } from '../../../resources/geo';
import { useServerInfo } from '../../api/server-info';

export interface FootprintMapProps {
  kind: FootprintKind;
  points: LatLng[];
  /** Called with a clicked point while drawing; absent when the map only shows the shape. */
  onAdd?: (p: LatLng) => void;
  /** Receives the leaflet map, so a keyboard user can add its centre point. */
  onReady?: (map: LeafletMap) => void;
}

/** Where a map with no shape opens: the continental United States. */
const START: LatLng = [39.5, -98.35];

function Clicks({ onAdd }: { onAdd?: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onAdd?.([e.latlng.lat, e.latlng.lng]) });
  return null;
}

/** Fits the map to the shape once, when it first has points; later points do not move the map under the hand. */
function FitOnce({ points }: { points: LatLng[] }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || points.length === 0) return;
    fitted.current = true;
    if (points.length === 1) map.setView(points[0]!, Math.max(map.getZoom(), 17));
    else map.fitBounds(latLngBounds(points), { padding: [24, 24], maxZoom: 19 });
  }, [map, points]);
  return null;
}

function Ready({ onReady }: { onReady?: (map: LeafletMap) => void }) {
  const map = useMap();
  useEffect(() => onReady?.(map), [map, onReady]);
  return null;
}

/**
 * The footprint on a leaflet map (this chunk only), over the tiles of the server's MAP_TILE_URL. The
 * shape is a vector: with no tile server reachable it still draws on the map's plain background.
 */
export default function FootprintMap({ kind, points, onAdd, onReady }: FootprintMapProps) {
  const { mapTileUrl } = useServerInfo();
  const style = { color: '#c62828', weight: 4 };
  return (
    <MapContainer center={START} zoom={4} style={{ height: '100%', width: '100%', background: '#eef1f4', cursor: onAdd ? 'crosshair' : undefined }} scrollWheelZoom={!!onAdd}>
      {mapTileUrl && <TileLayer url={mapTileUrl} maxZoom={19} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' />}
      <Clicks onAdd={onAdd} />
      <FitOnce points={points} />
      <Ready onReady={onReady} />
      {kind === 'polygon' && points.length >= 3 ? <Polygon positions={points} pathOptions={{ ...style, fillOpacity: 0.25 }} /> : points.length >= 2 && <Polyline positions={points} pathOptions={style} />}
      {onAdd && points.map((p, i) => <CircleMarker key={i} center={p} radius={5} pathOptions={{ color: '#c62828', fillOpacity: 1 }} />)}
    </MapContainer>
  );
}
