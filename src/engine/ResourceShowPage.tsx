import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, CardHeader, Skeleton, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { useOne } from '@refinedev/core';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { routeOf, type ResourceDef, type ResourceField } from '../../resources/engine';
import { ActivityList } from '../components/ActivityList';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { useResource } from './useResource';

function display(field: ResourceField, row: Record<string, unknown>): ReactNode {
  const value = field.reference?.display ? row[field.reference.display] : row[field.name];
  if (value === null || value === undefined || value === '') return '—';
  if (field.format) return field.format(value);
  if (field.kind === 'image') return <img src={String(value)} alt={field.label} style={{ maxWidth: 96, maxHeight: 96, objectFit: 'contain' }} />;
  if (field.kind === 'boolean') return value ? 'Yes' : 'No';
  if (field.kind === 'datetime') return new Date(String(value)).toLocaleString();
  if (field.kind === 'select') return field.options?.find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}

/** One row: its fields and who changed it when. */
export function ResourceShowPage({ def }: { def: ResourceDef }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { meta, canManage, companyId } = useResource(def);
  const { result: row, query } = useOne({ resource: def.name, id, meta, errorNotification: false });
  const [deleting, setDeleting] = useState(false);
  if (query.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (query.isError || !row) return <Alert severity="error">This {def.singular.toLowerCase()} could not be found.</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
        <Button component={RouterLink} to={`/${routeOf(def)}`} startIcon={<ArrowBack />}>
          {def.label}
        </Button>
        <Box sx={{ flex: 1 }} />
        {canManage && (
          <>
            <Button variant="outlined" onClick={() => navigate(`/${routeOf(def)}/${id}/edit`)}>
              Edit
            </Button>
            <Button color="error" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        )}
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Card>
            <CardHeader title={String(row[def.titleField] ?? def.singular)} subheader={def.singular} />
            <CardContent>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, m: 0 }}>
                {def.fields.filter((f) => f.show !== false).map((f) => (
                  <Box key={f.name} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary">
                      {f.label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {display(f, row)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Card>
            <CardHeader title="Activity" />
            <CardContent>
              <ActivityList path={`companies/${companyId}/activity`} filters={{ entityType: def.entityType, entityId: id }} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      {deleting && (
        <ConfirmDeleteDialog def={def} meta={meta} row={row} onClose={(deleted) => (deleted ? navigate(`/${routeOf(def)}`) : setDeleting(false))} />
      )}
    </Stack>
  );
}
