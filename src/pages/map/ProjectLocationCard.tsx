import { Alert, Button, Card, CardContent, CardHeader, Stack, TextField, Typography } from '@mui/material';
import { useInvalidate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { projects, updateProjectBody, type Project } from '../../../resources/project';
import { apiFetch, type ApiError } from '../../api/http';

const text = (v: number | null) => (v === null ? '' : String(v));

/**
 * Where the project is on the map (the projects layer): a latitude and longitude, both or neither,
 * saved with PATCH /projects/{id}. Without one the map places the project at the mean of its check-ins.
 */
export function ProjectLocationCard({ project, canManage }: { project: Project; canManage: boolean }) {
  const invalidate = useInvalidate();
  const [lat, setLat] = useState(text(project.lat));
  const [lng, setLng] = useState(text(project.lng));
  const [errors, setErrors] = useState<{ lat?: string; lng?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setLat(text(project.lat));
    setLng(text(project.lng));
  }, [project.lat, project.lng]);
  const dirty = lat !== text(project.lat) || lng !== text(project.lng);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const number = (v: string) => (v.trim() === '' ? null : Number(v));
    const body = { lat: number(lat), lng: number(lng) };
    const checked = updateProjectBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await apiFetch<Project>(`/projects/${project.id}`, { method: 'PATCH', body, quiet: true });
      await invalidate({ resource: projects.name, invalidates: ['detail'], id: project.id });
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title="Location"
        subheader="Where the project shows on the map. Left empty, the map places it at the mean of its check-ins."
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {canManage ? (
          <Stack component="form" spacing={2} onSubmit={save} noValidate aria-label="Project location">
            {failure && <Alert severity="error">{failure}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="Latitude" value={lat} onChange={(e) => setLat(e.target.value)} error={!!errors.lat} helperText={errors.lat ?? 'From -90 to 90, e.g. 30.2672'} inputMode="decimal" />
              <TextField label="Longitude" value={lng} onChange={(e) => setLng(e.target.value)} error={!!errors.lng} helperText={errors.lng ?? 'From -180 to 180, e.g. -97.7431'} inputMode="decimal" />
            </Stack>
            <Stack direction="row" justifyContent="flex-end">
              <Button type="submit" variant="contained" disabled={!dirty || saving}>
                Save location
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Typography color="text.secondary">{project.lat === null ? 'Not set' : `${project.lat}, ${project.lng}`}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
