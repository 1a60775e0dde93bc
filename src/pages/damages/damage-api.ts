import { useInvalidate } from '@refinedev/core';
import { useCallback } from 'react';
import type { DamageDetail, DamageFile, DamageFileCategory, DamageStatus } from '../../../resources/damage';
import { apiFetch } from '../../api/http';
import { uploadFile } from '../../api/upload';

/** The API paths of one damage (spec 02 §7 Damages). */
export function damagePaths(id: number | string) {
  const damage = `/damages/${id}`;
  return { damage, files: `${damage}/files`, activity: `${damage}/activity`, upload: (category: DamageFileCategory) => `${damage}/files/${category}` };
}

/** Refine resource names of a damage's answers, so a change reloads what shows it. */
export const DAMAGE_RESOURCES = { damage: 'damages', files: 'damage-files', activity: 'activity' } as const;

export function useDamageRefresh() {
  const invalidate = useInvalidate();
  return useCallback(
    () => Promise.all(Object.values(DAMAGE_RESOURCES).map((resource) => invalidate({ resource, invalidates: ['all'] }))).then(() => undefined),
    [invalidate],
  );
}

export const moveDamage = (id: number, status: DamageStatus) => apiFetch<DamageDetail>(damagePaths(id).damage, { method: 'PATCH', body: { status }, quiet: true });
export const deleteDamageFile = (id: number, fileId: number) => apiFetch(`${damagePaths(id).files}/${fileId}`, { method: 'DELETE', quiet: true });

/** Files of one category in one request; each file's progress in the order given. */
export const uploadDamageFiles = (id: number, category: DamageFileCategory, files: File[], onFileProgress: (percents: number[]) => void, maxBytes?: number) =>
  uploadFile<DamageFile[]>(damagePaths(id).upload(category), {}, files, undefined, {
    onFileProgress,
    maxBytes,
    tooLargeMessage: maxBytes ? `A file may be at most ${Math.round(maxBytes / 1024 / 1024)} MB` : undefined,
  });
