import { Alert, Box, Button, Card, CardActionArea, CardContent, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid2';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { useOne } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../../resources/money';
import type { Project, ProjectOverview } from '../../../../resources/project';
import { BUDGET_STATUSES } from '../../../../resources/budget';
import { ProductionReportDialog } from './ProductionReportDialog';
import { canOpenReports } from '../../../../permissions';
import { useSession } from '../../../session/useSession';

const BUDGET_LABEL = Object.fromEntries(BUDGET_STATUSES.map((s) => [s.value, s.label])) as Record<string, string>;

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ mt: 0.5, overflowWrap: 'anywhere', fontSize: { xs: '1.15rem', sm: '1.5rem' } }}>
          {value}
        </Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function Count({ label, count, to }: { label: string; count: number; to: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h6" component="p">
            {count}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Schedule({ elapsed, total }: { elapsed: number | null; total: number | null }) {
  if (elapsed === null || total === null || total <= 0) {
    return <Typography color="text.secondary">No start and end dates yet: set them in the settings to follow the schedule.</Typography>;
  }
  const shown = Math.max(0, Math.min(elapsed, total));
  const percent = Math.round((shown / total) * 100);
  return (
    <Stack spacing={1}>
      <Typography>
        Day {shown} of {total} ({percent}%){elapsed > total ? ` · ${elapsed - total} days past the end date` : ''}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label="Days elapsed of the project's duration" color={elapsed > total ? 'warning' : 'primary'} />
    </Stack>
  );
}

/** The project's figures (GET /projects/{id}/report/overview): money, schedule and how much it holds. */
export function OverviewSection({ project }: { project: Project }) {
  const [reporting, setReporting] = useState(false);
  const reports = canOpenReports(useSession().profile);
  const { result: o, query } = useOne<ProjectOverview>({
    resource: 'project-overview',
    id: project.id,
    meta: { itemPath: '/projects/:id/report/overview' },
    errorNotification: false,
  });
  if (query.isLoading) return <Skeleton variant="rounded" height={240} />;
  if (query.isError || !o) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            Try again
          </Button>
        }
      >
        The project's figures could not be loaded. {query.error?.message}
      </Alert>
    );
  }
  const base = `/projects/${project.id}`;
  const budget = o.budgetStatus ? `Budget ${BUDGET_LABEL[o.budgetStatus] ?? o.budgetStatus} · ${o.budgetItemCount} items` : 'No budget yet';
  return (
    <Stack spacing={2}>
      {reports && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={`/reports/project-production?projectId=${project.id}`}>
            Open production report
          </Button>
          <Button variant="outlined" startIcon={<TableChartIcon />} onClick={() => setReporting(true)}>
            Production report
          </Button>
        </Stack>
      )}
      {reporting && <ProductionReportDialog project={project} onClose={() => setReporting(false)} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label="Planned" value={formatMoney(o.plannedAmount)} detail={budget} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label="Change orders" value={formatMoney(o.changeOrderAmount)} detail={`${o.pendingChangeOrders} pending`} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label="Produced" value={formatMoney(o.producedAmount)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label="Billed" value={formatMoney(o.billedAmount)} />
        </Grid>
      </Grid>
      <Card>
        <CardContent>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            Schedule
          </Typography>
          <Schedule elapsed={o.daysElapsed} total={o.daysTotal} />
        </CardContent>
      </Card>
      <Box>
        <Grid container spacing={2}>
          {[
            { label: 'Budget items', count: o.budgetItemCount, to: `${base}/budget` },
            { label: 'Members', count: o.memberCount, to: `${base}/members` },
            { label: 'Files', count: o.fileCount, to: `${base}/files` },
            { label: 'Crew companies', count: o.crewCompanyCount, to: `${base}/crew-companies` },
            { label: 'Stations', count: o.stationCount, to: `${base}/stations` },
            { label: 'Sub-projects', count: o.subProjectCount, to: `${base}/sub-projects` },
          ].map((c) => (
            <Grid key={c.label} size={{ xs: 6, sm: 4, md: 2 }}>
              <Count {...c} />
            </Grid>
          ))}
        </Grid>
      </Box>
    </Stack>
  );
}
