import type { DashboardFilters } from '../../../resources/dashboard.js';
import type { Executor } from '../../db/index.js';
import { badRequest } from '../../http/errors.js';
import { visibleToCompany } from '../projects/project-access.js';

/** A dashboard's or widget's filters name the company's own rows only: a project it may see, one of its crews (400 otherwise). */
export async function checkFilters(db: Executor, companyId: number, filters: DashboardFilters | undefined, prefix = 'filters') {
  if (!filters) return;
  if (filters.projectId) {
    const project = await db.selectFrom('projects as pr').select('pr.id').where('pr.id', '=', filters.projectId).where(visibleToCompany('pr', companyId)).executeTakeFirst();
    if (!project) throw badRequest(`${prefix}.projectId: not a project of this company`, [{ field: `${prefix}.projectId`, message: 'Not a project of this company' }]);
  }
  if (filters.crewId) {
    const crew = await db.selectFrom('crews').select('id').where('id', '=', filters.crewId).where('company_id', '=', companyId).executeTakeFirst();
    if (!crew) throw badRequest(`${prefix}.crewId: not a crew of this company`, [{ field: `${prefix}.crewId`, message: 'Not a crew of this company' }]);
  }
}
