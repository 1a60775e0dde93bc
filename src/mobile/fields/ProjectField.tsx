import { LinearProgress, MenuItem, TextField } from '@mui/material';
import { useEffect } from 'react';
import type { Project } from '../../../resources/project';
import { useCachedRead } from '../data/cached-read';
import { PROJECT_CHOICES } from '../data/field-reads';

/** A project as GET /projects answers it; `distanceKm` comes with `near`. */
export type ProjectChoice = Pick<Project, 'id' | 'code' | 'projectName'> & { distanceKm?: number | null };

// Rounded to about 100 m: a few steps on site ask (and keep) the same list.
const nearList = (at: { lat: number; lng: number }) => `/projects?_end=100&near=${at.lat.toFixed(3)},${at.lng.toFixed(3)}`;

const labelOf = (p: ProjectChoice) => [p.code, p.projectName].filter(Boolean).join(' · ') + (p.distanceKm != null ? ` · ${p.distanceKm} km` : '');

/**
 * The member's projects to choose from, nearest first once the phone knows where it is (the list by
 * name until then, and whenever the nearest-first read fails or was never kept for offline).
 */
export function ProjectField({
  value,
  onChange,
  near,
  error,
}: {
  value: number | null;
  onChange: (project: ProjectChoice | null) => void;
  near: { lat: number; lng: number } | null;
  error?: string;
}) {
  const byName = useCachedRead<ProjectChoice[]>(PROJECT_CHOICES);
  const nearest = useCachedRead<ProjectChoice[]>(near ? nearList(near) : null);
  const projects = (near && nearest.data) || byName.data || [];
  const chosen = projects.find((p) => p.id === value) ?? null;

  // A project preselected by the link (?projectId=) is given to the form once the list names it.
  useEffect(() => {
    if (chosen) onChange(chosen);
    // Only when the chosen project first appears in a list: onChange is the form's setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen?.id]);

  const failed = !byName.data && byName.error;
  const empty = byName.data?.length === 0;
  const helperText = error ?? (failed ? `The projects could not be loaded: ${byName.error!.message}` : empty ? 'You work on no project yet.' : undefined);
  return (
    <>
      <TextField
        select
        label="Project"
        value={chosen ? String(chosen.id) : ''}
        onChange={(e) => onChange(projects.find((p) => String(p.id) === e.target.value) ?? null)}
        error={!!error || !!failed}
        helperText={helperText}
        disabled={empty}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: '60vh' } } } } } }}
      >
        {projects.map((p) => (
          <MenuItem key={p.id} value={String(p.id)} sx={{ minHeight: 48, whiteSpace: 'normal' }}>
            {labelOf(p)}
          </MenuItem>
        ))}
      </TextField>
      {(byName.loading || nearest.loading) && !projects.length && <LinearProgress aria-label="Loading projects" />}
    </>
  );
}
