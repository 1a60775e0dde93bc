import type { Actor } from '../../http/actor.js';
import { conflict } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import type { Services } from '../../services.js';
import { fileTransaction } from '../../storage/file-store.js';
import { releaseManagerFiles, removeFolderTree } from '../files/folder-service.js';
import { releasePhotos } from '../productions/production-photos.js';
import { releaseTaskFiles } from '../tasks/task-files.js';
import { projectAccess } from './project-access.js';
import { projectSnapshot } from './project-columns.js';

export const DELETE_MESSAGES = {
  subProjects: 'This project has sub-projects: delete them first',
  budget: 'The budget of this project has been submitted for review: a project whose budget left draft is kept for the record',
  invoices: 'This project has been invoiced: a project with invoices is kept for the record',
} as const;

/**
 * DELETE /projects/{id}: a project without sub-projects whose budget is in draft (never submitted, or
 * its submission cancelled) goes with its budget, stations, crew companies, project memberships and
 * roles, and its folder with every file in it, in one transaction; file bytes go once it commits.
 */
export async function deleteProject(services: Services, actor: Actor, id: number): Promise<void> {
  await fileTransaction(services, async (trx, files) => {
    const { project, companyId } = await projectAccess(trx, actor, id, 'manage');
    const sub = await trx.selectFrom('projects').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
    if (sub) throw conflict(DELETE_MESSAGES.subProjects, 'IN_USE');
    const budget = await trx.selectFrom('budgets').select(['id', 'status']).where('project_id', '=', id).executeTakeFirst();
    if (budget && budget.status !== 'draft') throw conflict(DELETE_MESSAGES.budget, 'IN_USE');
    // Invoice lines, cancelled ones too, keep the production they billed.
    const invoiced = await trx.selectFrom('invoices').select('id').where('project_id', '=', id).limit(1).executeTakeFirst();
    if (invoiced) throw conflict(DELETE_MESSAGES.invoices, 'IN_USE');

    // Productions count against the budget items: they go first, each with its photos' files.
    const productions = await trx.selectFrom('productions').select('id').where('project_id', '=', id).execute();
    for (const production of productions) await releasePhotos(trx, files, production.id);
    await trx.deleteFrom('productions').where('project_id', '=', id).execute();
    // Tasks go with the project; their files' bytes once it commits.
    const tasks = await trx.selectFrom('tasks').select('id').where('project_id', '=', id).execute();
    await releaseTaskFiles(trx, files, tasks.map((t) => t.id));
    await trx.deleteFrom('tasks').where('project_id', '=', id).execute();
    if (budget) {
      await trx.deleteFrom('change_orders').where('budget_id', '=', budget.id).execute();
      await trx.deleteFrom('budget_comments').where('budget_id', '=', budget.id).execute();
      // A review signed before its round was cancelled keeps its signature: it goes with the review.
      const signed = await trx.selectFrom('budget_reviews').select(['id', 'signature_file_id']).where('budget_id', '=', budget.id).where('signature_file_id', 'is not', null).execute();
      await trx.deleteFrom('budget_reviews').where('budget_id', '=', budget.id).execute();
      for (const review of signed) await files.release({ entityType: 'budget_review', entityId: review.id, type: 'signature' }, { id: review.signature_file_id });
      await trx.deleteFrom('budget_items').where('budget_id', '=', budget.id).execute();
      await trx.deleteFrom('budgets').where('id', '=', budget.id).execute();
    }
    await trx.deleteFrom('project_stations').where('project_id', '=', id).execute();
    await trx.deleteFrom('project_crew_companies').where('project_id', '=', id).execute();
    const members = await trx.deleteFrom('memberships').where('project_id', '=', id).where('type', '=', 'project').returning('id').execute();
    await trx.deleteFrom('roles').where('scope_type', '=', 'project').where('scope_id', '=', id).execute();

    // The folder (moved or renamed in the file manager, perhaps) with all it holds, and the project's files kept elsewhere.
    const folder = project.folder_id === null ? null : await removeFolderTree(trx, files, project.company_id, project.folder_id);
    const projectFiles = trx
      .selectFrom('files')
      .select('id')
      .where('company_id', '=', project.company_id)
      .where('entity_type', '=', 'project')
      .where('entity_id', '=', String(id));
    const elsewhere = await projectFiles.execute();
    if (elsewhere.length) {
      const versions = await trx.selectFrom('files').select('id').where('version_of', 'in', projectFiles).execute();
      await trx.deleteFrom('file_permissions').where('target_type', '=', 'file').where('target_id', 'in', projectFiles).execute();
      await releaseManagerFiles(trx, files, project.company_id, [...versions, ...elsewhere].map((f) => f.id));
    }

    await trx.deleteFrom('projects').where('id', '=', id).execute();
    await recordAudit(trx, { userId: actor.user.id, companyId }, {
      entityType: 'project',
      entityId: id,
      action: 'deleted',
      before: { ...projectSnapshot(project), memberships: members.length, folders: folder?.folders ?? 0, files: (folder?.files ?? 0) + elsewhere.length },
    });
  });
}
