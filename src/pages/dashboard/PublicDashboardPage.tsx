import { Alert, AppBar, Avatar, Box, Button, CircularProgress, Container, Paper, Stack, Toolbar, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { DashboardFilters, PublicDashboard, Widget } from '../../../resources/dashboard';
import { publicDashboardApi } from './dashboard-api';
import { DashboardFiltersBar, type ExposedFilters } from './DashboardFiltersBar';
import { DashboardGrid } from './DashboardGrid';
import { WidgetFrame } from './WidgetFrame';
import { useLoaded } from './widgets/useLoaded';
import type { WidgetSource } from './widgets/widget-source';

export const NOT_AVAILABLE = 'This dashboard is not available';

/** Only a guest's choice among the values allowed goes to the server (anything else is its 400); the owner's own filters apply there. */
function guestFilters(filters: DashboardFilters, exposed: ExposedFilters): DashboardFilters {
  const { preset, projectId, crewId } = filters;
  return {
    ...(preset && exposed.presets?.includes(preset) ? { preset } : {}),
    ...(projectId && exposed.projects?.some((p) => p.id === projectId) ? { projectId } : {}),
    ...(crewId && exposed.crews?.some((c) => c.id === crewId) ? { crewId } : {}),
  };
}

function publicSource(publicURL: string, filters: DashboardFilters, exposed: ExposedFilters): WidgetSource {
  const asked = guestFilters(filters, exposed);
  return {
    filtersOf: () => asked,
    keyOf: (w) => JSON.stringify([w.id, asked]),
    figures: (w, signal) => publicDashboardApi.figures(publicURL, w.id, asked, signal),
    attention: () => Promise.reject(new Error('Not shown on a public dashboard')),
    // The widget's layer and the dashboard's project are the server's to apply: a guest names only the view.
    markers: (w, query, signal) =>
      publicDashboardApi.markers(publicURL, w.id, new URLSearchParams({ bbox: query.get('bbox') ?? '', zoom: query.get('zoom') ?? '' }).toString(), signal),
    opener: () => null,
  };
}

function PublicView({ publicURL, dashboard }: { publicURL: string; dashboard: PublicDashboard }) {
  const exposed: ExposedFilters = useMemo(
    () => ({ presets: dashboard.publicFilters.presets, projects: dashboard.publicFilters.projects, crews: dashboard.publicFilters.crews }),
    [dashboard],
  );
  const [filters, setFilters] = useState<DashboardFilters>(dashboard.filters);
  const source = useMemo(() => publicSource(publicURL, filters, exposed), [publicURL, filters, exposed]);
  const anyExposed = !!(exposed.presets?.length || exposed.projects?.length || exposed.crews?.length);
  const widgets = dashboard.widgets as Widget[];
  return (
    <Stack spacing={2}>
      {anyExposed && <DashboardFiltersBar value={filters} onChange={setFilters} exposed={exposed} />}
      {widgets.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary">Nothing is shown on this dashboard yet.</Typography>
        </Paper>
      ) : (
        <DashboardGrid widgets={widgets} editable={false}>
          {(w) => <WidgetFrame widget={w} source={source} />}
        </DashboardGrid>
      )}
    </Stack>
  );
}

/**
 * A published dashboard, read without login (spec 02 §7): the company and the dashboard's name, its
 * widgets read-only, and only the filters its owner exposed. A dead link says only that it is gone.
 */
export function PublicDashboardPage() {
  const { publicURL = '' } = useParams();
  const loaded = useLoaded((signal) => publicDashboardApi.get(publicURL, signal), publicURL);
  const dashboard = loaded.data;
  const gone = loaded.error && [404, 410].includes(loaded.error.statusCode);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100' }}>
      <AppBar position="static" elevation={0} sx={{ bgcolor: '#1b2433' }}>
        <Toolbar sx={{ gap: 1.5 }}>
          {dashboard?.companyLogoUrl && <Avatar src={dashboard.companyLogoUrl} alt="" variant="rounded" sx={{ width: 36, height: 36, bgcolor: '#fff' }} />}
          <Box sx={{ minWidth: 0 }}>
            <Typography component="p" variant="subtitle1" fontWeight={800} noWrap>
              {dashboard?.companyName ?? 'Fieldwork'}
            </Typography>
            {dashboard && (
              <Typography component="h1" variant="body2" noWrap sx={{ opacity: 0.85 }}>
                {dashboard.name}
              </Typography>
            )}
          </Box>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="xl" sx={{ py: { xs: 1.5, sm: 3 }, px: { xs: 1, sm: 3 } }}>
        {loaded.loading && !dashboard ? (
          <Box role="status" aria-label="Loading the dashboard" sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
            <CircularProgress />
          </Box>
        ) : gone ? (
          <Paper sx={{ p: { xs: 2, sm: 4 } }}>
            <Typography variant="h5" component="h1">
              {NOT_AVAILABLE}
            </Typography>
          </Paper>
        ) : loaded.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={loaded.retry}>
                Retry
              </Button>
            }
          >
            The dashboard could not be loaded.
          </Alert>
        ) : dashboard ? (
          <PublicView publicURL={publicURL} dashboard={dashboard} />
        ) : null}
      </Container>
    </Box>
  );
}
