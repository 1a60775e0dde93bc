import type { Actor } from '../../http/actor.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import type { Services } from '../../services.js';
import { footprintRows, footprintRowView } from './footprint-view.js';

/**
 * The list's fields (resources/footprint.ts). Dates are 'YYYY-MM-DD' text: a range is
 * date_gte=2026-03-01&date_lte=2026-03-31. Newest day first by default, ties newest id first.
 */
export const FOOTPRINT_LIST: ListSpec = withTextIndex(
  withTextIndex(
    {
      fields: {
        id: { column: 'fp.id', type: 'number', filter: true, sort: true },
        date: { column: 'fp.date', type: 'day', filter: true, sort: true },
        restorationStatus: { column: 'fp.restoration_status', type: 'text', filter: true, sort: true },
        kind: { column: 'fp.kind', type: 'text', filter: true, sort: true },
        projectId: { column: 'fp.project_id', type: 'number', filter: true },
        crewId: { column: 'fp.crew_id', type: 'number', filter: true },
        typeId: { column: 'fp.type_id', type: 'number', filter: true },
        projectCode: { column: 'pr.code', type: 'text', filter: true, sort: true },
        projectName: { column: 'pr.project_name', type: 'text', filter: true, sort: true },
        typeName: { column: 'ft.name', type: 'text', filter: true, sort: true },
        crewName: { column: 'cr.name', type: 'text', filter: true, sort: true, nullable: true },
        areaM2: { column: 'fp.area_m2', type: 'number', sort: true, nullable: true },
        lengthM: { column: 'fp.length_m', type: 'number', sort: true },
        createdByName: { column: 'u.name', type: 'text', filter: true, sort: true, nullable: true },
        createdAt: { column: 'fp.created_at', type: 'date', filter: true, sort: true },
      },
      defaultSort: [{ field: 'date', order: 'desc' }],
      tiebreaker: 'fp.id',
    },
    'projects',
    'pr',
  ),
  'crews',
  'cr',
);

/** GET /footprints: a page of the acting company's footprints, without their points. */
export async function listFootprints(services: Services, actor: Actor, query: RawListQuery) {
  const list = parseListQuery(FOOTPRINT_LIST, query);
  const companyId = actor.membership!.companyId;
  const db = services.db;
  const base = footprintRows(db).where('fp.company_id', '=', companyId);
  const lean = db.selectFrom('footprints as fp').select('fp.id').where('fp.company_id', '=', companyId);
  const page = await runList(base, list, { base: lean, aliases: ['fp'] });
  return { rows: page.rows.map(footprintRowView), total: page.total };
}
