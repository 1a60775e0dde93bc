import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Card, CardContent, CardHeader, IconButton, List, ListItem, ListItemText, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useInvalidate, useList, useNotification } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { stationsBody, type Project, type Station, type StationsInput } from '../../../../resources/project';
import { apiFetch, type ApiError } from '../../../api/http';
import { FormTextField } from '../../../forms/FormTextField';

/** The spec's message (spec 02 §8), word for word. */
export const STATIONS_UPDATED = 'Stations updated';

interface StationRow {
  name: string;
  chainage: string;
  description: string;
}
interface Values {
  stations: StationRow[];
}

const rowsOf = (stations: Station[]): Values => ({
  stations: stations.map((s) => ({ name: s.name, chainage: s.chainage ?? '', description: s.description ?? '' })),
});

function StationsEditor({ project, stations }: { project: Project; stations: Station[] }) {
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, getValues, formState } = useForm<Values>({
    resolver: zodResolver(stationsBody) as never,
    defaultValues: rowsOf(stations),
  });
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'stations' });
  // A save elsewhere (another tab) shows once this form has nothing unsaved.
  useEffect(() => {
    if (!formState.isDirty) reset(rowsOf(stations));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stations]);

  // The resolver hands over what the schema made of the rows (nulls for empty chainage and description).
  const submit = handleSubmit(async (parsed) => {
    const body = parsed as unknown as StationsInput;
    setFailure(null);
    try {
      await apiFetch(`/projects/${project.id}/stations`, { method: 'PATCH', body, quiet: true });
      // Saved as typed; the list read back below replaces it once loaded.
      reset(getValues());
      notify?.({ type: 'success', message: STATIONS_UPDATED });
      await Promise.all([
        invalidate({ resource: 'project-stations', invalidates: ['list'] }),
        invalidate({ resource: 'project-overview', invalidates: ['detail'], id: project.id }),
      ]);
    } catch (err) {
      const apiError = err as ApiError;
      for (const d of apiError.details ?? []) if (d.field.startsWith('stations.')) setError(d.field as Path<Values>, { type: 'server', message: d.message });
      setFailure(apiError.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Stations">
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        {fields.length === 0 && <Typography color="text.secondary">No stations yet. Add them in their order along the project.</Typography>}
        {fields.map((f, i) => (
          <Stack key={f.id} direction="row" spacing={1} alignItems="flex-start" role="group" aria-label={`Station ${i + 1}`} sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, rowGap: 1 }}>
            <Typography sx={{ width: 28, pt: 1, flexShrink: 0 }} color="text.secondary">
              {i + 1}.
            </Typography>
            <Box sx={{ flex: { xs: '1 1 calc(100% - 40px)', md: '2 1 0' } }}>
              <FormTextField control={control} name={`stations.${i}.name`} label="Name" size="small" required />
            </Box>
            <Box sx={{ flex: { xs: '1 1 120px', md: '1 1 0' }, ml: { xs: '36px !important', md: '8px !important' } }}>
              <FormTextField control={control} name={`stations.${i}.chainage`} label="Chainage" size="small" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            </Box>
            <Box sx={{ flex: { xs: '1 1 100%', md: '3 1 0' }, ml: { xs: '36px !important', md: '8px !important' } }}>
              <FormTextField control={control} name={`stations.${i}.description`} label="Description" size="small" />
            </Box>
            <Stack direction="row" sx={{ flexShrink: 0, ml: { xs: '28px !important', md: '8px !important' } }}>
              <Tooltip title="Move up">
                <span>
                  <IconButton aria-label={`Move station ${i + 1} up`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Move down">
                <span>
                  <IconButton aria-label={`Move station ${i + 1} down`} disabled={i === fields.length - 1} onClick={() => swap(i, i + 1)}>
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Remove">
                <IconButton aria-label={`Remove station ${i + 1}`} onClick={() => remove(i)}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          </Stack>
        ))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between">
          <Button startIcon={<Add />} onClick={() => append({ name: '', chainage: '', description: '' }, { shouldFocus: true })} sx={{ alignSelf: 'flex-start' }}>
            Add station
          </Button>
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <Button onClick={() => reset(rowsOf(stations))} disabled={!formState.isDirty || formState.isSubmitting}>
              Discard changes
            </Button>
            <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
              Save
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </form>
  );
}

function StationList({ stations }: { stations: Station[] }) {
  if (!stations.length) return <Typography color="text.secondary">No stations yet.</Typography>;
  return (
    <List dense disablePadding aria-label="Stations">
      {stations.map((s, i) => (
        <ListItem key={s.id} divider disableGutters>
          <ListItemText
            primary={`${i + 1}. ${s.name}${s.chainage !== null ? ` · ${s.chainage}` : ''}`}
            secondary={s.description}
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** The project's ordered stations (GET /projects/{id}/stations); those who manage it edit the list in place and save it whole. */
export function StationsSection({ project, canManage }: { project: Project; canManage: boolean }) {
  const { result, query } = useList<Station>({
    resource: 'project-stations',
    meta: { path: `/projects/${project.id}/stations` },
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  return (
    <Card>
      <CardHeader
        title="Stations"
        subheader="Points along the project in order, with their chainage. Productions record work between them."
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={120} />
        ) : query.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => query.refetch()}>
                Try again
              </Button>
            }
          >
            The stations could not be loaded.
          </Alert>
        ) : canManage ? (
          <StationsEditor project={project} stations={result.data} />
        ) : (
          <StationList stations={result.data} />
        )}
      </CardContent>
    </Card>
  );
}
