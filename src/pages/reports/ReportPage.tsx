import { Alert, Button, Card, CardContent, Paper, Skeleton, Stack, Typography } from '@mui/material';
import Grid from '@mui/material/Grid2';
import type { ReactNode } from 'react';
import { formatReportValue, REPORT_TITLES, type ReportDocument, type ReportName } from '../../../resources/report';
import { formatInstant } from '../../../resources/time-zone';
import { useLoaded, type Loaded } from '../dashboard/widgets/useLoaded';
import { fetchReport } from './report-api';
import { ReportCharts } from './ReportCharts';
import { ReportDownloads } from './ReportDownloads';
import { ReportTableView } from './ReportTableView';

/** Loads a report's document for the address's query; `ready` false (a required filter missing) asks nothing yet. */
export function useReportDocument(name: ReportName, search: string, ready: boolean): Loaded<ReportDocument> {
  return useLoaded(ready ? (signal) => fetchReport(name, search, signal) : null, `${name}?${search}`);
}

function Facts({ doc }: { doc: ReportDocument }) {
  return (
    <Grid container spacing={2}>
      {doc.facts.map((f) => (
        <Grid key={f.label} size={{ xs: 6, md: 4, lg: 3 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {f.label}
              </Typography>
              <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatReportValue(f.kind, f.value) || '—'}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

/** The whole document: headline figures, charts, then the tables. */
export function ReportBody({ doc }: { doc: ReportDocument }) {
  return (
    <Stack spacing={2}>
      <Facts doc={doc} />
      {doc.charts.length > 0 && <ReportCharts charts={doc.charts} />}
      {doc.tables.map((t) => (
        <ReportTableView key={t.id} table={t} />
      ))}
    </Stack>
  );
}

/**
 * The frame of every report screen: its title and what it covers, its filters (`filters`, kept in
 * the address by the screen), the downloads, and the document with its loading, error and "choose"
 * states. `prompt` is shown instead of the report while a filter it needs is missing.
 */
export function ReportPage({
  name,
  search,
  loaded,
  filters,
  prompt,
  problem,
  actions,
}: {
  name: ReportName;
  search: string;
  loaded: Loaded<ReportDocument> | null;
  filters?: ReactNode;
  prompt?: string | null;
  problem?: string | null;
  actions?: ReactNode;
}) {
  const doc = loaded?.data ?? null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1600 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}>
        <div>
          <Typography variant="h5" component="h1">
            {REPORT_TITLES[name]} report
          </Typography>
          {doc && (
            <Typography variant="body2" color="text.secondary">
              {doc.subtitle} · generated {formatInstant(doc.generatedAt, doc.timeZone)}
            </Typography>
          )}
        </div>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {actions}
          <ReportDownloads name={name} search={search} doc={prompt || problem ? null : doc} />
        </Stack>
      </Stack>
      {filters && (
        <Paper variant="outlined" sx={{ p: 1.5 }} role="search" aria-label="Report filters">
          {filters}
        </Paper>
      )}
      {problem ? (
        <Alert severity="warning">{problem}</Alert>
      ) : prompt ? (
        <Alert severity="info">{prompt}</Alert>
      ) : loaded?.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={loaded.retry}>
              Try again
            </Button>
          }
        >
          The report could not be made: {loaded.error.message}
        </Alert>
      ) : doc ? (
        <Stack spacing={2} sx={{ opacity: loaded?.loading ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={loaded?.loading ?? false}>
          <ReportBody doc={doc} />
        </Stack>
      ) : (
        <Stack spacing={2} aria-busy>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      )}
    </Stack>
  );
}
