import { useInvalidate } from '@refinedev/core';
import { useCallback } from 'react';
import type { CreateFootprintInput, Footprint, FootprintPhoto, RestorationStatus } from '../../../resources/footprint';
import type { LatLng } from '../../../resources/geo';
import { apiFetch } from '../../api/http';
import { uploadFile } from '../../api/upload';

export function footprintPaths(id: number | string) {
  const footprint = `/footprints/${id}`;
  return { footprint, files: `${footprint}/files`, activity: `${footprint}/activity` };
}

export const FOOTPRINT_RESOURCES = { footprint: 'footprints', photos: 'footprint-photos', activity: 'activity' } as const;

export function useFootprintRefresh() {
  const invalidate = useInvalidate();
  return useCallback(
    () => Promise.all(Object.values(FOOTPRINT_RESOURCES).map((resource) => invalidate({ resource, invalidates: ['all'] }))).then(() => undefined),
    [invalidate],
  );
}

export const createFootprint = (body: CreateFootprintInput) => apiFetch<Footprint>('/footprints', { method: 'POST', body, quiet: true });
export const moveRestoration = (id: number, restorationStatus: RestorationStatus) =>
  apiFetch<Footprint>(footprintPaths(id).footprint, { method: 'PATCH', body: { restorationStatus }, quiet: true });
export const reshapeFootprint = (id: number, kind: 'polygon' | 'line', points: LatLng[]) =>
  apiFetch<Footprint>(footprintPaths(id).footprint, { method: 'PATCH', body: { kind, points }, quiet: true });
export const deleteFootprintPhoto = (id: number, fileId: number) => apiFetch(`${footprintPaths(id).files}/${fileId}`, { method: 'DELETE', quiet: true });

export const uploadFootprintPhotos = (id: number, files: File[], onFileProgress: (percents: number[]) => void, maxBytes?: number) =>
  uploadFile<FootprintPhoto[]>(footprintPaths(id).files, {}, files, undefined, {
    onFileProgress,
    maxBytes,
    tooLargeMessage: maxBytes ? `A photo may be at most ${Math.round(maxBytes / 1024 / 1024)} MB` : undefined,
  });
