import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { logRows, toLog } from './log-view.js';

/**
 * GET /logs. Every filter reads `l` alone, so the count skips the name joins. The indexes of
 * migration 0017 serve it in the list's order (newest day first, then newest id): unfiltered and by
 * date range logs_company_date_idx; projectId logs_project_date_idx; crewId logs_company_crew_date_idx;
 * userId logs_company_user_date_idx; status logs_company_status_date_idx.
 */
export const LOG_LIST: ListSpec = {
  fields: {
    id: { column: 'l.id', type: 'number', filter: true, sort: true },
    date: { column: 'l.date', type: 'day', filter: true, sort: true },
    status: { column: 'l.status', type: 'text', filter: true, sort: true },
    projectId: { column: 'l.project_id', type: 'number', filter: true, nullable: true },
    crewId: { column: 'l.crew_id', type: 'number', filter: true, nullable: true },
    userId: { column: 'l.user_id', type: 'number', filter: true, nullable: true },
    description: { column: 'l.description', type: 'text', filter: true, nullable: true },
    address: { column: 'l.address', type: 'text', filter: true, nullable: true },
    createdAt: { column: 'l.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'date', order: 'desc' }],
  tiebreaker: 'l.id',
};

export async function listLogs(services: Services, actor: Actor, query: RawListQuery) {
  const list = parseListQuery(LOG_LIST, query);
  const companyId = actor.membership!.companyId;
  const base = logRows(services.db).where('l.company_id', '=', companyId);
  const lean = services.db.selectFrom('logs as l').select('l.id').where('l.company_id', '=', companyId);
  const page = await runList(base, list, { base: lean, aliases: ['l'] });
  return { rows: page.rows.map(toLog), total: page.total };
}
