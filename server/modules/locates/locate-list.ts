import type { Actor } from '../../http/actor.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { locateRows, toLocate } from './locate-view.js';

/**
 * GET /locates/all. "Expiring soon" is a plain range: expiresOn_gte=today&expiresOn_lte=today+2 with
 * status_ne=closed; "expired" expiresOn_lt=today with status_ne=closed (the client sends its own
 * day). Served by locates_company_expires_idx in the default order (next to expire first), and by
 * locates_company_status_idx / locates_project_idx for the status and project filters.
 */
export const LOCATE_LIST: ListSpec = {
  fields: {
    id: { column: 'lo.id', type: 'number', filter: true, sort: true },
    ticketNumber: { column: 'lo.ticket_number', type: 'text', filter: true, sort: true },
    status: { column: 'lo.status', type: 'text', filter: true, sort: true },
    projectId: { column: 'lo.project_id', type: 'number', filter: true },
    clientId: { column: 'lo.client_id', type: 'number', filter: true, nullable: true },
    projectName: { column: 'pr.project_name', type: 'text', sort: true },
    address: { column: 'lo.address', type: 'text', filter: true, sort: true, nullable: true },
    city: { column: 'lo.city', type: 'text', filter: true, sort: true, nullable: true },
    digStartDate: { column: 'lo.dig_start_date', type: 'day', filter: true, sort: true },
    expiresOn: { column: 'lo.expires_on', type: 'day', filter: true, sort: true },
    createdAt: { column: 'lo.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'expiresOn', order: 'asc' }],
  tiebreaker: 'lo.id',
};

export async function listLocates(services: Services, actor: Actor, query: RawListQuery) {
  const list = parseListQuery(LOCATE_LIST, query);
  const companyId = actor.membership!.companyId;
  const base = locateRows(services.db).where('lo.company_id', '=', companyId);
  const lean = services.db.selectFrom('locates as lo').select('lo.id').where('lo.company_id', '=', companyId);
  const page = await runList(base, list, { base: lean, aliases: ['lo'] });
  return { rows: page.rows.map((r) => toLocate(r)), total: page.total };
}

/** GET /projects/{id}/locates: the open tickets at the site, served by locates_project_idx. */
export async function siteLocates(services: Services, actor: Actor, projectId: number) {
  const rows = await locateRows(services.db)
    .where('lo.company_id', '=', actor.membership!.companyId)
    .where('lo.project_id', '=', projectId)
    .where('lo.status', '!=', 'closed')
    .orderBy('lo.expires_on', 'asc')
    .orderBy('lo.id', 'asc')
    .limit(100)
    .execute();
  return rows.map((r) => toLocate(r));
}
