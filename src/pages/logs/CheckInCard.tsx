import MyLocation from '@mui/icons-material/MyLocation';
import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useInvalidate, useList, useNotification } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { createLogBody, LOG_INITIAL_STATUSES, LOG_MESSAGES, LOG_STATUSES, LOG_SUCCESS, type Log } from '../../../resources/log';
import type { ProductionCrewOption } from '../../../resources/production';
import { apiFetch, type ApiError } from '../../api/http';
import { AddressSearchField } from '../../forms/AddressSearchField';
import { addressAt, placeLabel } from '../../forms/address-search';
import { PositionLine } from '../../forms/PositionLine';
import { useGeolocation } from '../../forms/useGeolocation';
import { ProjectPicker, type ProjectOption } from '../productions/production-pickers';
import { todayIn } from '../productions/production-status';
import { LOG_CREWS_PATH, LOGS_PATH } from './log-parts';

type Field = 'projectId' | 'crewId' | 'description' | 'address' | 'lat' | 'lng' | 'status';

/**
 * Check in, at the top of the Daily Log (phone first: one column, big targets). The project and crew,
 * what is happening, the status, and where: the browser's position when the person allows it, or an
 * address typed instead. The day sent is the device's own (dateString).
 */
export function CheckInCard({ title }: { title: string }) {
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const { state: position, locate, clear } = useGeolocation();
  const crews = useList<ProductionCrewOption>({ resource: 'log-crews', meta: { path: LOG_CREWS_PATH, quiet: true }, pagination: { mode: 'off' }, errorNotification: false });
  const [project, setProject] = useState<ProjectOption | null>(null);
  const [crewId, setCrewId] = useState('');
  const [description, setDescription] = useState('');
  const [address, setAddress] = useState('');
  // A chosen suggestion's position, sent when the browser's is not shared.
  const [placed, setPlaced] = useState<{ lat: number; lng: number } | null>(null);
  const [status, setStatus] = useState<string>('open');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // A position found with the address still empty: the address there, unless the person types first.
  const [lat, lng] = position.kind === 'got' ? [position.lat, position.lng] : [null, null];
  useEffect(() => {
    if (lat === null || lng === null) return;
    let current = true;
    void addressAt(lat, lng).then((place) => {
      if (current && place) setAddress((typed) => typed || placeLabel(place));
    });
    return () => {
      current = false;
    };
  }, [lat, lng]);

  const crewOptions = crews.result.data;
  // One crew: nothing to choose.
  if (crewId === '' && crewOptions.length === 1) setCrewId(String(crewOptions[0]!.id));
  // A log needs a crew: with none to choose, say so rather than let the check-in be refused.
  const noCrew = crews.query.isSuccess && crewOptions.length === 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      projectId: project?.id ?? null,
      crewId: crewId === '' ? null : Number(crewId),
      lat: lat ?? placed?.lat ?? null,
      lng: lng ?? placed?.lng ?? null,
      dateString: todayIn(),
      status,
      description,
      address,
    };
    const checked = createLogBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await apiFetch<Log>(LOGS_PATH, { method: 'POST', body, quiet: true });
      notify?.({ type: 'success', message: LOG_SUCCESS.created });
      setDescription('');
      setAddress('');
      setPlaced(null);
      setStatus('open');
      clear();
      await invalidate({ resource: 'logs', invalidates: ['list'] });
    } catch (err) {
      const e = err as ApiError;
      const details = (e.details ?? []) as Array<{ field: string; message: string }>;
      if (details.length) setErrors(Object.fromEntries(details.map((d) => [d.field, d.message])));
      setFailure(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="check-in-title">
      <CardContent>
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <Typography id="check-in-title" variant="h6" component="h2">
            {title}
          </Typography>
          <ProjectPicker value={project?.id ?? null} onChange={setProject} error={errors.projectId} required />
          <TextField
            select
            label="Crew"
            required
            value={crewId}
            onChange={(e) => setCrewId(e.target.value)}
            error={!!errors.crewId}
            helperText={errors.crewId ?? (crews.query.isError ? 'The crews could not be loaded.' : undefined)}
          >
            {crewOptions.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="What is happening" multiline minRows={2} value={description} onChange={(e) => setDescription(e.target.value)} error={!!errors.description} helperText={errors.description} />
          <TextField select label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
            {LOG_STATUSES.filter((s) => LOG_INITIAL_STATUSES.includes(s.value)).map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
          <Stack spacing={1}>
            <Button variant="outlined" startIcon={<MyLocation />} onClick={locate} disabled={position.kind === 'asking'} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
              Use my location
            </Button>
            <PositionLine state={position} />
            {errors.lat && <Alert severity="error">{errors.lat}</Alert>}
          </Stack>
          <AddressSearchField
            value={address}
            onChange={(text) => {
              setAddress(text);
              setPlaced(null);
            }}
            onPlace={(place) => {
              setAddress(placeLabel(place));
              setPlaced(place.coordinates);
            }}
            error={errors.address}
            helperText="Where you are, if the location is not shared or to add detail"
          />
          {noCrew && (
            <Alert severity="info" role="status">
              {LOG_MESSAGES.noCrew}
            </Alert>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={saving || noCrew} sx={{ minHeight: 48 }}>
            {saving ? 'Checking in…' : 'Check in'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
