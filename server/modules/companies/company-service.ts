import type { UpdateCompanyInput } from '../../../resources/company.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { conflict, notFound } from '../../http/errors.js';
import { diff, recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { fileTransaction, type FileOwner } from '../../storage/file-store.js';
import { auditedFields, COMPANY_COLUMNS, companyColumns, companyView, type CompanyRow } from './company-view.js';

const COMPANY_LIST: ListSpec = {
  fields: {
    id: { column: 'c.id', type: 'number', filter: true, sort: true },
    name: { column: 'c.name', type: 'text', filter: true, sort: true },
    city: { column: 'c.city', type: 'text', filter: true, sort: true, nullable: true },
    state: { column: 'c.state', type: 'text', filter: true, sort: true, nullable: true },
    country: { column: 'c.country', type: 'text', filter: true, sort: true, nullable: true },
    parentId: { column: 'c.parent_id', type: 'number', filter: true, sort: true, nullable: true },
    createdAt: { column: 'c.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'name', order: 'asc' }],
  tiebreaker: 'c.id',
};

/** Whose file a company's uploaded logo is. */
export const logoOwner = (companyId: number): FileOwner => ({ entityType: 'company', entityId: companyId, type: 'logo' });

/** A live company's row; 404 once it is soft-deleted. */
export async function loadCompany(db: Executor, id: number): Promise<CompanyRow> {
  const row = await db.selectFrom('companies as c').select(COMPANY_COLUMNS).where('c.id', '=', id).where('c.deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('Company');
  return row;
}

/** The companies the actor holds an accepted membership in, with the role held in each. */
export async function listCompanies(services: Services, actor: Actor, query: RawListQuery) {
  const list = parseListQuery(COMPANY_LIST, query);
  const base = services.db
    .selectFrom('companies as c')
    .innerJoin('memberships as m', 'm.company_id', 'c.id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select([...COMPANY_COLUMNS, 'r.name as role'])
    .where('m.user_id', '=', actor.user.id)
    .where('m.type', '=', 'company')
    .where('m.status', '=', 'accepted')
    .where('c.deleted_at', 'is', null);
  const page = await runList(base, list);
  return { rows: page.rows.map((row) => companyView(row, row.role)), total: page.total };
}

export async function getCompany(services: Services, company: CompanyMembership) {
  return companyView(await loadCompany(services.db, company.companyId), company.roleName);
}

/** A logo URL changed away from an uploaded logo lets that file go. */
export async function updateCompany(services: Services, actor: Actor, company: CompanyMembership, body: UpdateCompanyInput) {
  const id = company.companyId;
  return fileTransaction(services, async (trx, files) => {
    const before = companyView(await loadCompany(trx, id), company.roleName);
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    if (!Object.keys(diff(auditedFields(before), { ...auditedFields(before), ...given })).length) return before;
    await trx
      .updateTable('companies')
      .set({ ...companyColumns(body), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    if (body.logoUrl !== undefined && body.logoUrl !== before.logoUrl) await files.release(logoOwner(id), { url: before.logoUrl });
    const after = companyView(await loadCompany(trx, id), company.roleName);
    await recordAudit(trx, { userId: actor.user.id, companyId: id }, { entityType: 'company', entityId: id, action: 'updated', before: auditedFields(before), after: auditedFields(after) });
    return after;
  });
}

/** Soft delete: the rows stay for the audit trail, but the company leaves every list and lookup. */
export async function deleteCompany(services: Services, actor: Actor, company: CompanyMembership): Promise<void> {
  const id = company.companyId;
  await services.db.transaction().execute(async (trx) => {
    await loadCompany(trx, id);
    const child = await trx.selectFrom('companies').select('id').where('parent_id', '=', id).where('deleted_at', 'is', null).limit(1).executeTakeFirst();
    if (child) throw conflict('Delete the sub-companies first', 'HAS_SUB_COMPANIES');
    const now = nowIso();
    await trx.updateTable('companies').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
    services.realtime.leaveCompany(id);
    await recordAudit(trx, { userId: actor.user.id, companyId: id }, { entityType: 'company', entityId: id, action: 'deleted', before: { deletedAt: null }, after: { deletedAt: now } });
  });
}
