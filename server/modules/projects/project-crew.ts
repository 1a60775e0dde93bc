import type { CrewCompany } from '../../../resources/project.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { projectAccess } from './project-access.js';

const SUBCONTRACTOR = 'Choose a subcontractor you have an active partnership with';

async function crewCompanies(db: Executor, projectId: number, companyId?: number): Promise<CrewCompany[]> {
  let q = db
    .selectFrom('project_crew_companies as pc')
    .innerJoin('companies as c', 'c.id', 'pc.company_id')
    .select(['pc.company_id', 'c.name', 'c.contact_name', 'c.contact_email', 'pc.created_at'])
    .where('pc.project_id', '=', projectId);
  if (companyId !== undefined) q = q.where('pc.company_id', '=', companyId);
  const rows = await q.orderBy('c.name').orderBy('pc.company_id').execute();
  return rows.map((r) => ({ companyId: r.company_id, name: r.name, contactName: r.contact_name, contactEmail: r.contact_email, addedAt: r.created_at }));
}

/** GET /projects/{id}/crew-companies: the subcontractor companies working on the project, by name. */
export async function listCrewCompanies(db: Executor, actor: Actor, projectId: number) {
  await projectAccess(db, actor, projectId, 'view');
  return crewCompanies(db, projectId);
}

/** A subcontractor of the company that runs the project (an active partnership with it as the client). */
async function assertSubcontractor(db: Executor, ownerId: number, companyId: number) {
  const row = await db
    .selectFrom('partnerships as pt')
    .innerJoin('companies as c', 'c.id', 'pt.subcontractor_id')
    .select('pt.id')
    .where('pt.client_id', '=', ownerId)
    .where('pt.subcontractor_id', '=', companyId)
    .where('pt.status', '=', 'active')
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw badRequest(`companyId: ${SUBCONTRACTOR}`, [{ field: 'companyId', message: SUBCONTRACTOR }]);
}

/** POST /projects/{id}/crew-companies: the subcontractor sees the project from now on (relation subcontractor). */
export async function addCrewCompany(services: Services, actor: Actor, projectId: number, companyId: number): Promise<CrewCompany> {
  return services.db.transaction().execute(async (trx) => {
    const { project } = await projectAccess(trx, actor, projectId, 'manage');
    await assertSubcontractor(trx, project.company_id, companyId);
    const existing = await crewCompanies(trx, projectId, companyId);
    if (existing.length) throw conflict('This company already works on the project', 'ALREADY_EXISTS');
    await trx.insertInto('project_crew_companies').values({ project_id: projectId, company_id: companyId, added_by: actor.user.id, created_at: nowIso() }).execute();
    const [added] = await crewCompanies(trx, projectId, companyId);
    await recordAudit(trx, { userId: actor.user.id, companyId: project.company_id }, {
      entityType: 'project',
      entityId: projectId,
      action: 'crew company added',
      after: { crewCompanyId: companyId, name: added!.name },
    });
    return added!;
  });
}

/**
 * DELETE /projects/{id}/crew-companies/{companyId}. A company still running a sub-project under this
 * project stays (409): its sub-project would lose the parent it was made under.
 */
export async function removeCrewCompany(services: Services, actor: Actor, projectId: number, companyId: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const { project } = await projectAccess(trx, actor, projectId, 'manage');
    const [crew] = await crewCompanies(trx, projectId, companyId);
    if (!crew) throw notFound('Crew company');
    const sub = await trx.selectFrom('projects').select('id').where('parent_id', '=', projectId).where('company_id', '=', companyId).limit(1).executeTakeFirst();
    if (sub) throw conflict('This company runs a sub-project of this project: delete the sub-project first', 'IN_USE');
    await trx.deleteFrom('project_crew_companies').where('project_id', '=', projectId).where('company_id', '=', companyId).execute();
    await recordAudit(trx, { userId: actor.user.id, companyId: project.company_id }, {
      entityType: 'project',
      entityId: projectId,
      action: 'crew company removed',
      before: { crewCompanyId: companyId, name: crew.name },
    });
  });
}
