import type { Actor } from '../../http/actor.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import { withTextIndex } from '../../lib/text-search.js';
import type { Services } from '../../services.js';
import { damageRows, damageView } from './damage-view.js';

/**
 * The list's fields (resources/damage.ts). Damage dates are 'YYYY-MM-DD' text, so a range is
 * damageDate_gte=2026-03-01&damageDate_lt=2026-04-01, compared as text. Newest first by default,
 * ties newest id first, read in order from damages_company_date_idx.
 */
export const DAMAGE_LIST: ListSpec = withTextIndex(
  {
    fields: {
      id: { column: 'd.id', type: 'number', filter: true, sort: true },
      damageDate: { column: 'd.damage_date', type: 'day', filter: true, sort: true },
      status: { column: 'd.status', type: 'text', filter: true, sort: true },
      projectId: { column: 'd.project_id', type: 'number', filter: true },
      damageTypeId: { column: 'd.damage_type_id', type: 'number', filter: true },
      safetyAuthorityId: { column: 'd.safety_authority_id', type: 'number', filter: true },
      reportedById: { column: 'd.reported_by', type: 'number', filter: true },
      projectCode: { column: 'pr.code', type: 'text', filter: true, sort: true },
      projectName: { column: 'pr.project_name', type: 'text', filter: true, sort: true },
      damageTypeName: { column: 'dt.name', type: 'text', filter: true, sort: true, nullable: true },
      safetyAuthorityName: { column: 'sa.name', type: 'text', filter: true, sort: true, nullable: true },
      description: { column: 'd.description', type: 'text', filter: true, nullable: true },
      address: { column: 'd.address', type: 'text', filter: true, sort: true, nullable: true },
      city: { column: 'd.city', type: 'text', filter: true, sort: true, nullable: true },
      state: { column: 'd.state', type: 'text', filter: true, sort: true, nullable: true },
      amount: { column: 'd.amount_cents', type: 'number', sort: true, nullable: true },
      reportedByName: { column: 'u.name', type: 'text', filter: true, sort: true, nullable: true },
      createdAt: { column: 'd.created_at', type: 'date', filter: true, sort: true },
    },
    defaultSort: [{ field: 'damageDate', order: 'desc' }],
    tiebreaker: 'd.id',
  },
  'projects',
  'pr',
);

/** GET /damages: a page of the acting company's damages. */
export async function listDamages(services: Services, actor: Actor, query: RawListQuery) {
  const list = parseListQuery(DAMAGE_LIST, query);
  const companyId = actor.membership!.companyId;
  const db = services.db;
  const base = damageRows(db).where('d.company_id', '=', companyId);
  const lean = db.selectFrom('damages as d').select('d.id').where('d.company_id', '=', companyId);
  const page = await runList(base, list, { base: lean, aliases: ['d'] });
  return { rows: page.rows.map(damageView), total: page.total };
}
