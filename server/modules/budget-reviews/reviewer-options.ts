import { sql } from 'kysely';
import type { ReviewerOption } from '../../../resources/budget.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { reviewerCompanies } from './review-request.js';
import { budgetScope, requireManage } from './review-scope.js';

const MAX_OPTIONS = 50;

/**
 * The people a review may be asked of (the owner's, the client's and a parent project owner's
 * accepted members), for the request dialog's picker: names, e-mails and companies only, and only to
 * the owner's project managers, who need them to choose. `search` narrows by name or e-mail.
 */
export async function reviewerOptions(services: Services, actor: Actor, projectId: number, budgetId: number, search: string | undefined): Promise<ReviewerOption[]> {
  const { access } = await budgetScope(services.db, actor, projectId, budgetId);
  requireManage(access);
  const companies = await reviewerCompanies(services.db, access.project);
  let query = services.db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.company_id', 'c.name as company_name', 'm.name', 'm.email', 'u.name as user_name', 'u.email as user_email'])
    .where('m.company_id', 'in', companies)
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .where('c.deleted_at', 'is', null);
  const needle = search?.trim().toLowerCase();
  if (needle) {
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`(lower(coalesce(u.name, m.name)) like ${like} escape '\\' or lower(coalesce(u.email, m.email)) like ${like} escape '\\')`);
  }
  const rows = await query.orderBy(sql`case when m.company_id = ${access.project.company_id} then 0 else 1 end`).orderBy('m.name').orderBy('m.id').limit(MAX_OPTIONS).execute();
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    name: r.user_name ?? r.name,
    email: r.user_email ?? r.email,
    side: r.company_id === access.project.company_id ? 'owner' : r.company_id === access.project.client_id ? 'client' : 'parent',
  }));
}
