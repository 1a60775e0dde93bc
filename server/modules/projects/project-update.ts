import type { Project, UpdateProjectInput } from '../../../resources/project.js';
import { diff, recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { projectAccess } from './project-access.js';
import { assertCodeFree } from './project-checks.js';
import { projectColumns, projectSnapshot } from './project-columns.js';
import { checkReferences, codeTaken } from './project-create.js';
import { assertDatesInOrder, statusChange } from './project-status.js';
import { activeViewer, loadProject } from './project-view.js';

/**
 * PATCH /projects/{id}: the owner with projects:manage changes any field; a status change goes
 * through the state machine (project-status.ts). A changed client or parent is checked as on create.
 * The write is conditional on the status read, so two concurrent moves cannot both pass.
 */
export async function updateProject(services: Services, actor: Actor, id: number, body: UpdateProjectInput): Promise<Project> {
  return services.db
    .transaction()
    .execute(async (trx) => {
      const { project, companyId } = await projectAccess(trx, actor, id, 'manage');
      const moveColumns = statusChange(project, body);
      const columns = { ...projectColumns(body), ...moveColumns };
      assertDatesInOrder(project, columns);
      const clientChanged = body.clientId !== undefined && body.clientId !== project.client_id;
      const filled = await checkReferences(
        trx,
        project.company_id,
        {
          clientId: clientChanged ? body.clientId : null,
          clientName: body.clientName,
          clientEmail: body.clientEmail,
          projectId: body.projectId !== undefined && body.projectId !== project.parent_id ? body.projectId : null,
          marketId: body.marketId !== undefined && body.marketId !== project.market_id ? body.marketId : null,
        },
        id,
      );
      if (body.code !== undefined && body.code !== project.code) await assertCodeFree(trx, project.company_id, body.code, id);
      const changes = { ...columns, ...filled };
      const before = projectSnapshot(project);
      const after = { ...before, ...changes };
      if (!Object.keys(diff(before, after)).length) return loadProject(trx, activeViewer(actor), id);
      const result = await trx
        .updateTable('projects')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', project.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw conflict('The project changed meanwhile: reload it and try again', 'ILLEGAL_TRANSITION');
      const moved = changes.status !== undefined && changes.status !== project.status;
      await recordAudit(trx, { userId: actor.user.id, companyId }, {
        entityType: 'project',
        entityId: id,
        action: moved ? 'status changed' : 'updated',
        before,
        after,
      });
      return loadProject(trx, activeViewer(actor), id);
    })
    .catch((err) => codeTaken(err, body.code));
}

