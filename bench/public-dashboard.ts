// A public dashboard under a crowd (issue 18): six figure widgets over the figures volume
// (bench/figures.ts seedFigures), made public, then opened by 50 guests at once: the page itself
// (GET /dashboard/public/:url) and each widget's figures (POST /advanced-filter/public/data), every
// request without a session. Fifty guests of one dashboard ask the same six questions, so after the
// first answer the read cache serves them until a write; the first answer of each widget is timed on
// its own (cold) and reported apart from the crowd's.
import type { FigureQuery } from '../resources/figures.js';
import type { FigureSeed } from './figures.js';
import { widgetQuestions } from './figures.js';
import { DURATION_SEC, measure, type Measured } from './measure.js';
import { seedCall } from './seed-sql.js';

export const GUESTS = 50;
/** Issue 18's bar: p95 per widget under this with GUESTS guests at once. */
export const PUBLIC_WIDGET_P95_MS = 200;

export interface PublicDashboardRun {
  guests: number;
  barP95Ms: number;
  /** The page (name, filters, published widgets). */
  page: Measured | { error: string };
  /** Per widget: its first answer (ms, cold) and the crowd's figures. */
  widgets: Array<{ title: string; firstAnswerMs: number | null; crowd: Measured | { error: string } }>;
}

const TITLES = ['Production this year', 'Production by month', 'Top crews', 'Top items', 'Productions by status', 'Quantity by project'];
const TYPES = ['kpi', 'bar', 'bar', 'table', 'pie', 'bar'] as const;

/** Builds the public dashboard over the seeded company and measures it as guests. */
export async function benchPublicDashboard(baseUrl: string, seed: FigureSeed, log: (line: string) => void): Promise<PublicDashboardRun> {
  const questions = widgetQuestions(seed);
  const range = questions[0]!.range!;
  const dashboard = await seedCall('dashboard', baseUrl, 'POST', '/dashboard', { name: 'Progress for the board', shared: true, filters: { range } }, seed.headers);
  const widgetIds: number[] = [];
  for (const [i, q] of questions.entries()) {
    const { range: _r, compare: _c, ...query } = q as FigureQuery;
    const widget = await seedCall('widget', baseUrl, 'POST', `/dashboard/${dashboard.id}/widget`, { title: TITLES[i], type: TYPES[i], configuration: { query, useDashboardFilters: true } }, seed.headers);
    widgetIds.push(widget.id);
  }
  const published = await seedCall('publish', baseUrl, 'PATCH', `/dashboard/${dashboard.id}`, { isPublic: true }, seed.headers);
  const publicURL: string = published.publication.publicURL;

  log(`  public dashboard: the page, ${GUESTS} guests at once ...`);
  const page = await measure(baseUrl, { method: 'GET', path: `/api/v1/dashboard/public/${publicURL}`, check: (b) => ((b as { widgets?: unknown[] }).widgets?.length === 6 ? null : 'not the six widgets') }, GUESTS).catch((err: Error) => ({ error: err.message }));

  const widgets: PublicDashboardRun['widgets'] = [];
  for (const [i, widgetId] of widgetIds.entries()) {
    const body = { publicURL, widgetId };
    const started = performance.now();
    const first = await fetch(`${baseUrl}/api/v1/advanced-filter/public/data`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await first.text();
    const firstAnswerMs = first.ok ? Math.round((performance.now() - started) * 10) / 10 : null;
    log(`  public dashboard: "${TITLES[i]}" (first answer ${firstAnswerMs ?? 'failed'} ms), ${GUESTS} guests for ${DURATION_SEC} s ...`);
    const crowd = await measure(baseUrl, { method: 'POST', path: '/api/v1/advanced-filter/public/data', body, check: (b) => (typeof (b as { total?: unknown }).total === 'string' ? null : 'no total') }, GUESTS).catch((err: Error) => ({ error: err.message }));
    widgets.push({ title: TITLES[i]!, firstAnswerMs, crowd });
  }
  return { guests: GUESTS, barP95Ms: PUBLIC_WIDGET_P95_MS, page, widgets };
}

/** Widgets not answered, answers that were not 2xx, p95s over the bar. */
export function publicDashboardFailures(database: string, run: PublicDashboardRun): string[] {
  const one = (name: string, r: Measured | { error: string }) => {
    if ('error' in r) return [`${database} public dashboard ${name}: ${r.error}`];
    if (r.non2xx || r.errors) return [`${database} public dashboard ${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors (${JSON.stringify(r.statusCodes)})`];
    return r.p95 >= run.barP95Ms ? [`${database} public dashboard ${name}: p95 ${r.p95} ms with ${run.guests} guests, over the ${run.barP95Ms} ms bar`] : [];
  };
  return [...one('page', run.page), ...run.widgets.flatMap((w) => one(w.title, w.crowd))];
}

export function printPublicDashboard(database: string, run: PublicDashboardRun, write: (line: string) => void) {
  write(`\n${database}: public dashboard of six widgets, ${run.guests} guests at once (bar: p95 < ${run.barP95Ms} ms per widget)`);
  const line = (name: string, r: Measured | { error: string }, first?: number | null) =>
    'error' in r
      ? `  ${name.padEnd(24)} FAILED: ${r.error}`
      : `  ${name.padEnd(24)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)} ms${first !== undefined ? `  (first answer ${first ?? '-'} ms)` : ''}`;
  write(line('page', run.page));
  for (const w of run.widgets) write(line(w.title, w.crowd, w.firstAnswerMs));
}
