import { Alert, Button, Card, CardContent, CardHeader, Checkbox, FormControlLabel, FormGroup, Skeleton, Stack, Typography } from '@mui/material';
import { useList, useNotification } from '@refinedev/core';
import { useState } from 'react';
import { PRODUCTION_SUCCESS, type Production } from '../../../../resources/production';
import type { Station } from '../../../../resources/project';
import type { ApiError } from '../../../api/http';
import { updateStations, useProductionRefresh } from '../production-api';

/** The project's stations the day's work covered: ticked while draft and saved at once (PATCH production/{id}/stations). */
export function StationsSection({ production }: { production: Production }) {
  const { open: notify } = useNotification();
  const refresh = useProductionRefresh();
  const { result, query } = useList<Station>({
    resource: 'project-stations',
    meta: { path: `/projects/${production.projectId}/stations`, quiet: true },
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set(production.stationIds));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = chosen.size !== production.stationIds.length || production.stationIds.some((id) => !chosen.has(id));

  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      // In the project's order along the job.
      await updateStations(production.id, result.data.filter((s) => chosen.has(s.id)).map((s) => s.id));
      await refresh();
      notify?.({ type: 'success', message: PRODUCTION_SUCCESS.stationsUpdated });
    } catch (err) {
      setFailure((err as ApiError).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader title="Stations" subheader="Where along the job the crew worked that day." slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={120} />
        ) : query.isError ? (
          <Alert severity="error">The project's stations could not be loaded. {query.error?.message}</Alert>
        ) : result.data.length === 0 ? (
          <Typography color="text.secondary">The project has no stations.</Typography>
        ) : (
          <Stack spacing={2}>
            <FormGroup aria-label="Stations">
              {result.data.map((s) => (
                <FormControlLabel
                  key={s.id}
                  control={<Checkbox checked={chosen.has(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} disabled={!production.canEdit || saving} />}
                  label={[s.name, s.chainage !== null && `at ${s.chainage}`, s.description].filter(Boolean).join(' · ')}
                />
              ))}
            </FormGroup>
            {failure && <Alert severity="error">{failure}</Alert>}
            {production.canEdit && (
              <Stack direction="row" justifyContent="flex-end">
                <Button variant="contained" onClick={() => void save()} disabled={!changed || saving}>
                  {saving ? 'Saving…' : 'Save stations'}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
