import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import { Button, Typography } from '@mui/material';
import { divIcon, latLngBounds, type Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, Polygon, Polyline, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { MAP_LAYERS, type MapBox, type MapCluster, type MapLayer, type MapMarkers, type MapPoint } from '../../../resources/map';

const colorOf = (layer: MapLayer) => MAP_LAYERS.find((l) => l.value === layer)!.color;

// Markers are drawn from divIcons (no image files), so they show wherever leaflet runs, tiles or not.
const pointIcons = new Map(
  MAP_LAYERS.map((l) => [
    l.value,
    divIcon({
      className: 'fw-map-point',
      html: `<span style="display:block;width:18px;height:18px;border-radius:50%;background:${l.color};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)"></span>`,
      iconSize: [18, 18],
      iconAnchor: [9, 9],
      popupAnchor: [0, -10],
    }),
  ]),
);

function clusterIcon(c: MapCluster) {
  const size = c.count < 100 ? 34 : c.count < 1000 ? 42 : 50;
  return divIcon({
    className: 'fw-map-cluster',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:${colorOf(c.layer)}d9;color:#fff;font:600 12px/1 sans-serif;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)">${c.count.toLocaleString()}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** The box the map shows, in the API's bounds (leaflet's can pass ±180 after panning round the world). */
export function boxOf(map: LeafletMap): MapBox {
  const b = map.getBounds();
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  const wide = b.getEast() - b.getWest() >= 360;
  return {
    west: wide ? -180 : clamp(b.getWest(), 180),
    south: clamp(b.getSouth(), 90),
    east: wide ? 180 : clamp(b.getEast(), 180),
    north: clamp(b.getNorth(), 90),
  };
}

function ViewWatcher({ onView }: { onView: (box: MapBox, zoom: number) => void }) {
  const map = useMapEvents({ moveend: () => onView(boxOf(map), map.getZoom()) });
  useEffect(() => {
    onView(boxOf(map), map.getZoom());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** Once, when the first markers arrive: the view takes them all in. */
function FitOnce({ markers }: { markers: MapMarkers | null }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !markers) return;
    const spots = [...markers.points, ...markers.clusters].map((m) => [m.lat, m.lng] as [number, number]);
    if (!spots.length) return;
    done.current = true;
    map.fitBounds(latLngBounds(spots), { padding: [40, 40], maxZoom: 15 });
  }, [markers, map]);
  return null;
}

function PointMarker({ point, onOpen }: { point: MapPoint; onOpen: (url: string) => void }) {
  // A new position array on every refetch moves the marker, and the cluster group re-adds a moved
  // marker, closing its open popup under the user's finger: the same spot keeps the same array.
  const position = useMemo<[number, number]>(() => [point.lat, point.lng], [point.lat, point.lng]);
  return (
    <Marker position={position} icon={pointIcons.get(point.layer)} title={point.title} alt={point.title} keyboard>
      <Popup>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {point.title}
        </Typography>
        <Button size="small" variant="contained" onClick={() => onOpen(point.url)}>
          Open
        </Button>
      </Popup>
    </Marker>
  );
}

function ServerCluster({ cluster }: { cluster: MapCluster }) {
  const map = useMap();
  const label = `${cluster.count} ${MAP_LAYERS.find((l) => l.value === cluster.layer)!.label.toLowerCase()} here: zoom in`;
  return (
    <Marker
      position={[cluster.lat, cluster.lng]}
      icon={clusterIcon(cluster)}
      title={label}
      alt={label}
      eventHandlers={{ click: () => map.setView([cluster.lat, cluster.lng], Math.min(map.getZoom() + 2, map.getMaxZoom())) }}
    />
  );
}

/**
 * The markers over the tiles of MAP_TILE_URL on a plain background, so they draw when no tile
 * server answers. Points cluster in the browser (react-leaflet-cluster); a layer the server already
 * clustered comes as count bubbles that zoom in when clicked. A footprint's shape shows from the
 * zoom the server sends it at.
 */
export default function MarkersMap({
  markers,
  tileUrl,
  onView,
  onOpen,
}: {
  markers: MapMarkers | null;
  tileUrl: string | null;
  onView: (box: MapBox, zoom: number) => void;
  onOpen: (url: string) => void;
}) {
  const shapes = useMemo(() => (markers?.points ?? []).filter((p) => p.shape && p.shape.points.length > 1), [markers]);
  return (
    <MapContainer center={[39.5, -98.35]} zoom={4} minZoom={2} maxZoom={19} worldCopyJump style={{ height: '100%', width: '100%', background: '#eef1f4' }}>
      {tileUrl && <TileLayer url={tileUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' />}
      <ViewWatcher onView={onView} />
      <FitOnce markers={markers} />
      {shapes.map((p) =>
        p.shape!.kind === 'line' ? (
          <Polyline key={`shape-${p.id}`} positions={p.shape!.points} pathOptions={{ color: colorOf(p.layer), weight: 4 }} />
        ) : (
          <Polygon key={`shape-${p.id}`} positions={p.shape!.points} pathOptions={{ color: colorOf(p.layer), weight: 2, fillOpacity: 0.25 }} />
        ),
      )}
      <MarkerClusterGroup chunkedLoading>
        {(markers?.points ?? []).map((p) => (
          <PointMarker key={`${p.layer}-${p.id}`} point={p} onOpen={onOpen} />
        ))}
      </MarkerClusterGroup>
      {(markers?.clusters ?? []).map((c) => (
        <ServerCluster key={`${c.layer}-${c.lat}-${c.lng}`} cluster={c} />
      ))}
    </MapContainer>
  );
}
