import { sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import { AppError, badRequest } from '../../http/errors.js';

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

/** A role of the company that may be handed out (Owner may not); anything else is a 400 on roleId. */
export async function assignableRole(db: Executor, companyId: number, roleId: number) {
  const role = await db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('scope_type', '=', 'company')
    .where('scope_id', '=', companyId)
    .where('id', '=', roleId)
    .where('assignable', '=', 1)
    .executeTakeFirst();
  if (!role) throw fieldError('roleId', 'Choose a role this company can assign');
  return role;
}

/** Crews or item categories named in a body must all belong to the company; another tenant's id reads as unknown. */
export async function checkOwnIds(db: Executor, table: 'crews' | 'item_categories', companyId: number, ids: number[], field: string) {
  if (!ids.length) return;
  const found = await db.selectFrom(table).select('id').where('company_id', '=', companyId).where('id', 'in', ids).execute();
  const known = new Set(found.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw fieldError(field, `Unknown ${table === 'crews' ? 'crew' : 'category'}: ${unknown.join(', ')}`);
}

/** Members picked for a new crew must be live memberships of the company. */
export async function checkMemberIds(db: Executor, companyId: number, ids: number[], field: string) {
  if (!ids.length) return;
  const found = await db
    .selectFrom('memberships')
    .select('id')
    .where('company_id', '=', companyId)
    .where('type', '=', 'company')
    .where('status', '<>', 'declined')
    .where('id', 'in', ids)
    .execute();
  const known = new Set(found.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw fieldError(field, `Unknown member: ${unknown.join(', ')}`);
}

/** Why an e-mail cannot be invited to the company, or null when it can. */
export async function emailTakenReason(db: Executor, companyId: number, email: string, exceptId?: number): Promise<string | null> {
  let query = db
    .selectFrom('memberships as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select('m.status')
    .where('m.company_id', '=', companyId)
    .where('m.type', '=', 'company')
    .where('m.status', '<>', 'declined')
    .where((eb) => eb.or([eb(sql`lower(m.email)`, '=', email), eb(sql`lower(u.email)`, '=', email)]));
  if (exceptId !== undefined) query = query.where('m.id', '<>', exceptId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return row.status === 'invited' ? 'This e-mail has already been invited to the company' : 'A member with this e-mail already belongs to the company';
}

export async function assertEmailFree(db: Executor, companyId: number, email: string, exceptId?: number) {
  const reason = await emailTakenReason(db, companyId, email, exceptId);
  if (reason) throw new AppError(409, reason, 'MEMBER_EXISTS', [{ field: 'email', message: reason }]);
}

/** A new crew's name must be free in the company (names differing only in case count as the same). */
export async function assertCrewNameFree(db: Executor, companyId: number, name: string) {
  const taken = await db
    .selectFrom('crews')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  if (taken) {
    const message = 'A crew with this name already exists';
    throw new AppError(409, message, 'CREW_NAME_TAKEN', [{ field: 'newCrewName', message }]);
  }
}
