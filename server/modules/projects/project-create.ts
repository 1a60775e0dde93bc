import type { CreateProjectInput, Project } from '../../../resources/project.js';
import { isUniqueViolation } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/index.js';
import { conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { createBudgetFor } from '../budgets/budget-rows.js';
import type { ProjectRow } from './project-access.js';
import { assertCodeFree, clientCompany, ownMarket, parentProject, PROJECT_CHECKS } from './project-checks.js';
import { projectColumns, projectSnapshot } from './project-columns.js';
import { createProjectFolder } from './project-folder.js';
import { createDefaultProjectRoles } from './project-roles.js';
import { loadProject, type ProjectViewer } from './project-view.js';

/**
 * The client, parent and market a project names, checked against the company that runs it; a client
 * fills clientName and clientEmail when they are not sent. Answers the columns to write.
 */
export async function checkReferences(
  db: Executor,
  companyId: number,
  body: { clientId?: number | null; clientName?: string | null; clientEmail?: string | null; projectId?: number | null; marketId?: number | null },
  projectId?: number,
) {
  const filled: { client_name?: string | null; client_email?: string | null } = {};
  if (body.clientId) {
    const client = await clientCompany(db, companyId, body.clientId);
    if (!body.clientName) filled.client_name = client.name;
    if (!body.clientEmail) filled.client_email = client.contact_email;
  }
  if (body.projectId) await parentProject(db, companyId, body.projectId, projectId);
  if (body.marketId) await ownMarket(db, companyId, body.marketId);
  return filled;
}

/** The zone a project starts in when the body names none: its parent's, else its company's. */
async function startingZone(db: Executor, companyId: number, parentId: number | null): Promise<string> {
  const parent = parentId ? await db.selectFrom('projects').select('timezone').where('id', '=', parentId).executeTakeFirst() : undefined;
  if (parent) return parent.timezone;
  const company = await db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow();
  return company.timezone;
}

/** A concurrent create or rename took the code between our check and the write: the same 409. */
export function codeTaken(err: unknown, code: string | undefined): never {
  if (isUniqueViolation(err) && code !== undefined) throw conflict(PROJECT_CHECKS.codeTaken(code), 'ALREADY_EXISTS');
  throw err;
}

/**
 * POST /companies/{id}/projects: the project (planned), its budget, its folder in the file manager and
 * its default project roles, in one transaction with the audit event.
 */
export async function createProject(services: Services, viewer: ProjectViewer, body: CreateProjectInput): Promise<Project> {
  const companyId = viewer.companyId;
  return services.db
    .transaction()
    .execute(async (trx) => {
      const filled = await checkReferences(trx, companyId, body);
      await assertCodeFree(trx, companyId, body.code);
      const timezone = body.timezone ?? (await startingZone(trx, companyId, body.projectId));
      const now = nowIso();
      const row = (await trx
        .insertInto('projects')
        .values({
          ...projectColumns(body),
          ...filled,
          project_name: body.projectName,
          code: body.code,
          timezone,
          is_single_part: body.isSinglePart ? 1 : 0,
          require_quantity_on_pdf_draw: body.requireQuantityOnPDFDraw ? 1 : 0,
          task_based_production: body.taskBasedProduction ? 1 : 0,
          boundaries_settings: JSON.stringify(body.boundariesSettings),
          map_settings: JSON.stringify(body.mapSettings),
          schedule_settings: JSON.stringify(body.scheduleSettings),
          company_id: companyId,
          status: 'planned',
          created_by: viewer.userId,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as ProjectRow;
      const budgetId = await createBudgetFor(trx, row);
      const folder = await createProjectFolder(trx, row, viewer.userId);
      await trx.updateTable('projects').set({ folder_id: folder.id }).where('id', '=', row.id).execute();
      await createDefaultProjectRoles(trx, row.id, now);
      await recordAudit(trx, { userId: viewer.userId, companyId }, {
        entityType: 'project',
        entityId: row.id,
        action: 'created',
        after: { ...projectSnapshot(row), folder_id: folder.id, budget_id: budgetId },
      });
      return loadProject(trx, viewer, row.id);
    })
    .catch((err) => codeTaken(err, body.code));
}
