import type { Dashboard, DashboardFilters, DashboardPublication, Widget, WidgetLayout, WidgetType } from '../../../resources/dashboard.js';
import type { Executor } from '../../db/index.js';
import type { DashboardPublicationsTable, DashboardsTable, DashboardWidgetsTable } from '../../db/schema.js';
import { parseJson } from '../../lib/json.js';

export type DashboardRow = Omit<DashboardsTable, 'id' | 'shared' | 'filters'> & { id: number; shared: number; filters: string };
export type WidgetRow = Omit<DashboardWidgetsTable, 'id' | 'filters' | 'configuration' | 'published'> & { id: number; filters: string; configuration: string; published: number };
export type PublicationRow = Omit<DashboardPublicationsTable, 'id' | 'public_filters'> & { id: number; public_filters: string };

export const toWidget = (w: WidgetRow): Widget => ({
  id: w.id,
  dashboardId: w.dashboard_id,
  title: w.title,
  type: w.type as WidgetType,
  filters: parseJson<DashboardFilters>(w.filters, {}),
  configuration: parseJson<Record<string, unknown>>(w.configuration, {}),
  layout: parseJson<WidgetLayout>(w.layout, { x: 0, y: 0, w: 4, h: 3 }),
  published: w.published === 1,
});

/** Widgets in reading order: top to bottom, left to right. */
const byPlace = (a: Widget, b: Widget) => a.layout.y - b.layout.y || a.layout.x - b.layout.x || Number(a.id) - Number(b.id);

async function widgetsOf(db: Executor, dashboardIds: number[]): Promise<Widget[]> {
  if (!dashboardIds.length) return [];
  const rows = (await db.selectFrom('dashboard_widgets').selectAll().where('dashboard_id', 'in', dashboardIds).execute()) as WidgetRow[];
  return rows.map(toWidget).sort(byPlace);
}

/** The live publication (not revoked) of each dashboard that has one. */
export async function livePublications(db: Executor, dashboardIds: number[]): Promise<Map<number, PublicationRow>> {
  if (!dashboardIds.length) return new Map();
  const rows = (await db
    .selectFrom('dashboard_publications')
    .selectAll()
    .where('dashboard_id', 'in', dashboardIds)
    .where('revoked_at', 'is', null)
    .execute()) as PublicationRow[];
  return new Map(rows.map((r) => [r.dashboard_id, r]));
}

async function userNames(db: Executor, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

const toPublication = (p: PublicationRow, names: Map<number, string>): DashboardPublication => ({
  publicURL: p.public_url,
  publishedAt: p.published_at,
  publishedBy: p.published_by === null ? null : { id: p.published_by, name: names.get(p.published_by) ?? '' },
  publicFilters: parseJson<DashboardPublication['publicFilters']>(p.public_filters, {}),
});

/** Dashboards as answered, with their widgets, owners and live publications read in three queries. */
export async function toDashboards(db: Executor, rows: DashboardRow[], canEdit: (row: DashboardRow) => boolean): Promise<Dashboard[]> {
  const ids = rows.map((r) => r.id);
  const [widgets, publications] = await Promise.all([widgetsOf(db, ids), livePublications(db, ids)]);
  const names = await userNames(db, [...rows.map((r) => r.owner_user_id), ...[...publications.values()].map((p) => p.published_by)]);
  return rows.map((r) => {
    const publication = publications.get(r.id);
    return {
      id: r.id,
      name: r.name,
      isPublic: !!publication,
      shared: r.shared === 1,
      role: r.role,
      owner: r.owner_user_id === null ? null : { id: r.owner_user_id, name: names.get(r.owner_user_id) ?? '' },
      canEdit: canEdit(r),
      filters: parseJson<DashboardFilters>(r.filters, {}),
      publication: publication ? toPublication(publication, names) : null,
      widgets: widgets.filter((w) => w.dashboardId === r.id),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
}

