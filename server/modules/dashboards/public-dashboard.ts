import { z } from 'zod';
import { isFigureWidget, publicFigureBody, type DashboardFilters, type DashboardPublication, type PublicDashboard, type Widget } from '../../../resources/dashboard.js';
import type { FigureAnswer } from '../../../resources/figures.js';
import type { MapMarkers, MapQuery } from '../../../resources/map.js';
import { todayIn } from '../../../resources/time-zone.js';
import type { Executor } from '../../db/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import { parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { cachedFigures } from '../figures/figures-service.js';
import { MAP_LAYER_SOURCES } from '../map/map-layers.js';
import { readLayer } from '../map/map-service.js';
import { visibleToCompany } from '../projects/project-access.js';
import { toWidget, type WidgetRow } from './dashboard-rows.js';
import { narrowFilters, widgetQuestion } from '../../../resources/widget-question.js';

type PublicFilters = DashboardPublication['publicFilters'];

interface Publication {
  dashboardId: number;
  companyId: number;
  name: string;
  filters: DashboardFilters;
  publicFilters: PublicFilters;
  companyName: string;
  companyLogoUrl: string | null;
  timezone: string;
}

/** The one answer for an unknown, private, revoked or deleted URL alike. */
const deadURL = () => notFound('Dashboard');

/**
 * The live publication a public URL names, by one lookup on the unique public_url index with
 * `revoked_at is null`: whatever the reason a URL is dead, the same query answers nothing and the
 * caller the same 404.
 */
async function publication(db: Executor, publicURL: string): Promise<Publication> {
  const row = await db
    .selectFrom('dashboard_publications as p')
    .innerJoin('dashboards as d', 'd.id', 'p.dashboard_id')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .select(['d.id', 'd.company_id', 'd.name', 'd.filters', 'p.public_filters', 'c.name as company_name', 'c.logo_url', 'c.timezone'])
    .where('p.public_url', '=', publicURL)
    .where('p.revoked_at', 'is', null)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw deadURL();
  return {
    dashboardId: row.id,
    companyId: row.company_id,
    name: row.name,
    filters: parseJson<DashboardFilters>(row.filters, {}),
    publicFilters: parseJson<PublicFilters>(row.public_filters, {}),
    companyName: row.company_name,
    companyLogoUrl: row.logo_url,
    timezone: row.timezone,
  };
}

/** What guests may read: figures and maps of projects; the attention list and check-ins name people and stay inside. */
const guestReadable = (w: Widget) => w.published && (isFigureWidget(w.type) || w.type === 'placeholder' || (w.type === 'map' && w.configuration.layer === 'projects'));

const guestView = ({ dashboardId: _d, published: _p, ...w }: Widget) => w;

async function publishedWidgets(db: Executor, pub: Publication, widgetId?: number): Promise<Widget[]> {
  const rows = (await db
    .selectFrom('dashboard_widgets')
    .selectAll()
    .where('dashboard_id', '=', pub.dashboardId)
    .where('published', '=', 1)
    .$if(widgetId !== undefined, (q) => q.where('id', '=', widgetId!))
    .orderBy('id')
    .execute()) as WidgetRow[];
  return rows.map(toWidget).filter(guestReadable);
}

async function publishedWidget(db: Executor, pub: Publication, widgetId: number): Promise<Widget> {
  const [widget] = await publishedWidgets(db, pub, widgetId);
  if (!widget) throw notFound('Widget');
  return widget;
}

/** The exposed filters with the names of their projects and crews, and nothing else of them. */
async function namedFilters(db: Executor, pub: Publication): Promise<PublicDashboard['publicFilters']> {
  const f = pub.publicFilters;
  const projects = f.projectIds?.length
    ? (
        await db
          .selectFrom('projects as pr')
          .select(['pr.id', 'pr.code', 'pr.project_name'])
          .where('pr.id', 'in', f.projectIds)
          .where(visibleToCompany('pr', pub.companyId))
          .orderBy('pr.code')
          .execute()
      ).map((p) => ({ id: p.id, name: `${p.code} ${p.project_name}` }))
    : undefined;
  const crews = f.crewIds?.length
    ? (await db.selectFrom('crews').select(['id', 'name']).where('id', 'in', f.crewIds).where('company_id', '=', pub.companyId).orderBy('name').execute()).map((c) => ({ id: c.id, name: c.name }))
    : undefined;
  return { ...f, ...(projects ? { projects } : {}), ...(crews ? { crews } : {}) };
}

/** GET /dashboard/public/{publicURL}: the dashboard as a guest sees it. */
export async function publicDashboard(services: Services, publicURL: string): Promise<PublicDashboard> {
  const pub = await publication(services.db, publicURL);
  const widgets = await publishedWidgets(services.db, pub);
  return {
    name: pub.name,
    companyName: pub.companyName,
    companyLogoUrl: pub.companyLogoUrl,
    filters: pub.filters,
    publicFilters: await namedFilters(services.db, pub),
    widgets: widgets.map(guestView),
  };
}

export async function publicWidget(services: Services, publicURL: string, widgetId: number) {
  const pub = await publication(services.db, publicURL);
  return guestView(await publishedWidget(services.db, pub, widgetId));
}

/** GET /advanced-filter/public/mapping: the filters a guest may change, with the allowed values and their names. */
export async function publicMapping(services: Services, publicURL: string) {
  const pub = await publication(services.db, publicURL);
  return { filters: pub.filters, publicFilters: await namedFilters(services.db, pub) };
}

/** The guest's filters, each only if exposed and to an allowed value: anything else is a 400. */
function checkGuestFilters(f: DashboardFilters, allowed: PublicFilters) {
  const refuse = (field: string) => badRequest(`filters.${field}: this filter or value is not offered on this dashboard`, [{ field: `filters.${field}`, message: 'Not offered on this dashboard' }]);
  if (f.range !== undefined) throw refuse('range');
  if (f.preset !== undefined && !allowed.presets?.includes(f.preset)) throw refuse('preset');
  if (f.projectId !== undefined && (f.projectId === null || !allowed.projectIds?.includes(f.projectId))) throw refuse('projectId');
  if (f.crewId !== undefined && (f.crewId === null || !allowed.crewIds?.includes(f.crewId))) throw refuse('crewId');
}

/** POST /advanced-filter/public/data: one published figure widget, answered with its own question in its company. */
export async function publicFigures(services: Services, body: z.output<typeof publicFigureBody>): Promise<FigureAnswer> {
  const pub = await publication(services.db, body.publicURL);
  const widget = await publishedWidget(services.db, pub, body.widgetId);
  if (!isFigureWidget(widget.type)) throw badRequest('widgetId: this widget shows no figures', [{ field: 'widgetId', message: 'This widget shows no figures' }]);
  checkGuestFilters(body.filters, pub.publicFilters);
  const query = widgetQuestion(widget, pub.filters, todayIn(pub.timezone), body.filters);
  return cachedFigures(services, { companyId: pub.companyId, crewIds: null }, query);
}

/** GET /dashboard/public/{publicURL}/widget/{widgetId}/markers: a published map of projects, the company's projects in the box. */
export async function publicMarkers(services: Services, publicURL: string, widgetId: number, query: Pick<MapQuery, 'bbox' | 'zoom'>): Promise<MapMarkers> {
  const pub = await publication(services.db, publicURL);
  const widget = await publishedWidget(services.db, pub, widgetId);
  if (widget.type !== 'map') throw badRequest('widgetId: this widget is not a map', [{ field: 'widgetId', message: 'This widget is not a map' }]);
  const projectId = narrowFilters(pub.filters, widget.filters).projectId ?? undefined;
  const layer = await readLayer(services.db, MAP_LAYER_SOURCES.projects, { companyId: pub.companyId, box: query.bbox, zoom: query.zoom, projectId });
  return { points: layer.points, clusters: layer.clusters, clustered: layer.clustered ? ['projects'] : [] };
}
