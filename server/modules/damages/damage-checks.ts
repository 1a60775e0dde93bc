import { DAMAGE_MESSAGES } from '../../../resources/damage.js';
import type { Executor } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { relationOf, type ProjectRow } from '../projects/project-access.js';

export const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

/** A project the company works on (runs, is the client of, or works on as a crew company); anything else is the body's 400. */
export async function projectFor(db: Executor, companyId: number, projectId: number, message: string): Promise<ProjectRow> {
  const project = (await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst()) as ProjectRow | undefined;
  if (!project || !(await relationOf(db, project, companyId))) throw fieldError('projectId', message);
  return project;
}

/** A catalog row (damage or footprint type, safety authority) of the company's own, or the body's 400. */
export async function assertCatalogRow(
  db: Executor,
  table: 'damage_types' | 'safety_authorities' | 'footprint_types' | 'crews',
  companyId: number,
  id: number | null | undefined,
  field: string,
  message: string,
) {
  if (id === null || id === undefined) return;
  const row = await db.selectFrom(table).select('id').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  if (!row) throw fieldError(field, message);
}

/** The references a damage body names, each the acting company's. */
export async function assertDamageRefs(db: Executor, companyId: number, body: { projectId?: number; damageTypeId?: number | null; safetyAuthorityId?: number | null }) {
  if (body.projectId !== undefined) await projectFor(db, companyId, body.projectId, DAMAGE_MESSAGES.project);
  await assertCatalogRow(db, 'damage_types', companyId, body.damageTypeId, 'damageTypeId', DAMAGE_MESSAGES.damageType);
  await assertCatalogRow(db, 'safety_authorities', companyId, body.safetyAuthorityId, 'safetyAuthorityId', DAMAGE_MESSAGES.safetyAuthority);
}
