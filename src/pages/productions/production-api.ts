import { useInvalidate } from '@refinedev/core';
import { useCallback } from 'react';
import type { Production, ProductionComment, ProductionItem, ProductionPhoto, ProductionTexts, ProductionTrace } from '../../../resources/production';
import { apiFetch } from '../../api/http';
import { uploadFile } from '../../api/upload';

/** The API paths of one production (spec 02 §7 Productions). */
export function productionPaths(id: number | string) {
  const production = `/production/${id}`;
  return {
    production,
    submit: `${production}/submit`,
    approve: `${production}/approve`,
    reject: `${production}/reject`,
    amend: `${production}/amend`,
    items: `${production}/items`,
    stations: `${production}/stations`,
    siblings: `${production}/siblings`,
    traces: `${production}/traces`,
    activity: `${production}/activity`,
    files: `${production}/files`,
    photos: `${production}/photos`,
    comments: `/comments/${id}`,
    sheet: `/productions/${id}/report/download`,
  };
}

export const itemPath = (itemId: number) => `/production/item/${itemId}`;
export const createPath = (projectId: number) => `/production/project/${projectId}`;
export const CREWS_PATH = '/production/crews';

/** Refine resource names of one production's answers, so a change reloads what shows it. */
export const PRODUCTION_RESOURCES = {
  production: 'productions',
  photos: 'production-photos',
  comments: 'production-comments',
  siblings: 'production-siblings',
  traces: 'production-traces',
  activity: 'activity',
} as const;

/** After a change: the production (status, items, reviews), its photos, comments and activity load again. */
export function useProductionRefresh() {
  const invalidate = useInvalidate();
  return useCallback(
    () => Promise.all(Object.values(PRODUCTION_RESOURCES).map((resource) => invalidate({ resource, invalidates: ['all'] }))).then(() => undefined),
    [invalidate],
  );
}

export const submitProduction = (id: number) => apiFetch<Production>(productionPaths(id).submit, { method: 'PATCH', quiet: true });
export const approveProduction = (id: number, sendEmail: boolean) =>
  apiFetch<Production>(productionPaths(id).approve, { method: 'POST', body: { sendEmail }, quiet: true });
export const rejectProduction = (id: number, reason: string) => apiFetch<Production>(productionPaths(id).reject, { method: 'POST', body: { reason }, quiet: true });
export const amendProduction = (id: number) => apiFetch<Production>(productionPaths(id).amend, { method: 'POST', quiet: true });
export const updateTexts = (id: number, texts: ProductionTexts) => apiFetch<Production>(productionPaths(id).production, { method: 'PATCH', body: { texts }, quiet: true });

/** Quantities travel as the text typed (the server reads them exactly), never through a float. */
export const updateItemQuantity = (itemId: number, quantity: string) =>
  apiFetch<ProductionItem>(itemPath(itemId), { method: 'PATCH', body: { quantity }, quiet: true });
export const deleteItem = (itemId: number) => apiFetch(itemPath(itemId), { method: 'DELETE' });
export const addItems = (id: number, items: Array<{ budgetItemId: number; quantity: string; photosNumber: number }>) =>
  apiFetch<Production>(productionPaths(id).items, { method: 'POST', body: { items }, quiet: true });

export const updateStations = (id: number, stationIds: number[]) =>
  apiFetch<Production>(productionPaths(id).stations, { method: 'PATCH', body: { stationIds }, quiet: true });

export const addComment = (id: number, comment: string) => apiFetch<ProductionComment>('/comment', { method: 'POST', body: { sourceId: id, comment }, quiet: true });
export const deleteComment = (commentId: number) => apiFetch(`/comment/${commentId}`, { method: 'DELETE' });

export const deletePhoto = (id: number, photoId: number) => apiFetch(`${productionPaths(id).photos}/${photoId}`, { method: 'DELETE' });

/** Photos of the production itself, or of one of its items; each file's progress in the order given. */
export const uploadPhotos = (target: { productionId: number } | { itemId: number }, files: File[], onFileProgress: (percents: number[]) => void, maxBytes?: number) =>
  uploadFile<ProductionPhoto[]>(
    'itemId' in target ? `${itemPath(target.itemId)}/files` : productionPaths(target.productionId).files,
    {},
    files,
    undefined,
    { onFileProgress, maxBytes, tooLargeMessage: maxBytes ? `A photo may be at most ${Math.round(maxBytes / 1024 / 1024)} MB` : undefined },
  );

/** A trace: where the work ran, as [lat, lng] points (at least two). */
export const addTrace = (id: number, points: Array<[number, number]>) =>
  apiFetch<ProductionTrace>(productionPaths(id).traces, { method: 'POST', body: { points }, quiet: true });
