import { Card, CardContent, Typography } from '@mui/material';
import Grid from '@mui/material/Grid2';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatReportValue, type ReportChart } from '../../../resources/report';

const HEIGHT = 280;
// Bars beyond this many are unreadable: the largest are drawn, the table holds every row.
const MOST_BARS = 20;

const kindOf = (chart: ReportChart) => (chart.unit === 'money' ? 'money' : chart.unit === 'quantity' ? 'quantity' : 'count') as 'money' | 'quantity' | 'count';
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** An axis tick: $1.2K, 3.5M; the exact value is in the tooltip and the table. */
const tick = (chart: ReportChart) => (v: number | null) => (v === null ? '' : `${chart.unit === 'money' ? '$' : ''}${COMPACT.format(v)}`);
const label = (chart: ReportChart, category: string) => (chart.kind === 'line' ? formatReportValue('day', category) : category);

/** The largest categories (by the first series) when there are too many to draw, in their order. */
function drawn(chart: ReportChart): number[] {
  const all = chart.categories.map((_, i) => i);
  if (chart.kind === 'line' || all.length <= MOST_BARS) return all;
  const first = chart.series[0]?.values ?? [];
  return [...all].sort((a, b) => Number(first[b]) - Number(first[a])).slice(0, MOST_BARS).sort((a, b) => a - b);
}

function ChartBody({ chart }: { chart: ReportChart }) {
  const kind = kindOf(chart);
  const shown = drawn(chart);
  const categories = shown.map((i) => label(chart, chart.categories[i]!));
  // Number() only places the mark; the tooltip shows the exact value.
  const series = chart.series.map((s) => ({
    label: s.label,
    data: shown.map((i) => Number(s.values[i] ?? 0)),
    valueFormatter: (_v: number | null, { dataIndex }: { dataIndex: number }) => formatReportValue(kind, s.values[shown[dataIndex]!] ?? '0'),
  }));
  const hideLegend = chart.series.length < 2;
  if (chart.kind === 'pie') {
    const s = chart.series[0];
    return (
      <PieChart
        height={HEIGHT}
        series={[
          {
            data: shown.map((i, n) => ({ id: n, value: Number(s?.values[i] ?? 0), label: chart.categories[i]! })),
            valueFormatter: (_v, { dataIndex }) => formatReportValue(kind, s?.values[shown[dataIndex]!] ?? '0'),
            innerRadius: 40,
          },
        ]}
      />
    );
  }
  const yAxis = [{ width: 64, valueFormatter: tick(chart) }];
  if (chart.kind === 'line') return <LineChart height={HEIGHT} xAxis={[{ scaleType: 'point', data: categories }]} yAxis={yAxis} series={series} hideLegend={hideLegend} />;
  return <BarChart height={HEIGHT} xAxis={[{ scaleType: 'band', data: categories }]} yAxis={yAxis} series={series} hideLegend={hideLegend} />;
}

/** Each chart of the report in a card, two to a row on a wide screen; a chart with nothing to draw says so. */
export function ReportCharts({ charts }: { charts: ReportChart[] }) {
  return (
    <Grid container spacing={2}>
      {charts.map((chart) => (
        <Grid key={chart.id} size={{ xs: 12, lg: charts.length === 1 ? 12 : 6 }}>
          <Card variant="outlined" component="figure" sx={{ m: 0, height: '100%' }} aria-label={chart.title}>
            <CardContent>
              <Typography variant="subtitle1" component="figcaption" sx={{ fontWeight: 600 }}>
                {chart.title}
                {chart.categories.length > MOST_BARS && chart.kind !== 'line' ? ` (the ${MOST_BARS} largest of ${chart.categories.length})` : ''}
              </Typography>
              {chart.categories.length ? (
                <ChartBody chart={chart} />
              ) : (
                <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
                  Nothing to draw for these filters.
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
