import { useEffect, useState } from 'react';
import type { MapBox, MapLayer, MapMarkers } from '../../../resources/map';
import { apiFetch, type ApiError } from '../../api/http';

/** What the map asks: the box it shows, its zoom, the layers switched on and the project filter. */
export interface MarkersRequest {
  box: MapBox;
  zoom: number;
  layers: MapLayer[];
  projectId: number | null;
}

export interface MarkersAnswer {
  markers: MapMarkers | null;
  loading: boolean;
  error: ApiError | null;
  retry: () => void;
}

const round = (n: number) => Number(n.toFixed(5));

export function markersPath(r: MarkersRequest): string {
  const q = new URLSearchParams({
    layers: r.layers.join(','),
    bbox: [r.box.west, r.box.south, r.box.east, r.box.north].map(round).join(','),
    zoom: String(r.zoom),
  });
  if (r.projectId !== null) q.set('projectId', String(r.projectId));
  return `/map/markers?${q}`;
}

/** GET /map/markers after each move of the map, a layer switched or the project changed; a late answer for a view already left is dropped. */
export function useMapMarkers(request: MarkersRequest | null, companyId: number | null): MarkersAnswer {
  const [state, setState] = useState<Omit<MarkersAnswer, 'retry'>>({ markers: null, loading: false, error: null });
  const [attempt, setAttempt] = useState(0);
  const path = request && request.layers.length ? markersPath(request) : null;
  useEffect(() => {
    if (!request) return;
    if (!path) {
      setState({ markers: { points: [], clusters: [], clustered: [] }, loading: false, error: null });
      return;
    }
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    apiFetch<MapMarkers>(path, { signal: abort.signal, quiet: true })
      .then(({ data }) => setState({ markers: data, loading: false, error: null }))
      .catch((error) => {
        if ((error as Error).name === 'AbortError') return;
        setState((s) => ({ ...s, loading: false, error: error as ApiError }));
      });
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, companyId, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
