import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound } from '../../http/errors.js';
import { projectAccess, type ProjectAccess, type ProjectRow } from '../projects/project-access.js';

export interface SheetScope {
  file: { id: number; name: string; companyId: number; publicId: string; objectName: string };
  project: ProjectRow;
  access: ProjectAccess;
  /** Draws, calibrates, deletes and adds to the budget: projects:manage in the company that runs the project. */
  canEdit: boolean;
}

/**
 * The project a file belongs to: a project's file (uploaded to it, entity 'project'), or a file the
 * file manager keeps in one of the project's folders. Null for any other file.
 */
async function projectOfFile(db: Executor, file: { entity_type: string; entity_id: string; folder_id: number | null }): Promise<number | null> {
  if (file.entity_type === 'project' && /^\d+$/.test(file.entity_id)) return Number(file.entity_id);
  if (file.folder_id === null) return null;
  const folder = await db.selectFrom('folders').select('project_id').where('id', '=', file.folder_id).executeTakeFirst();
  return folder?.project_id ?? null;
}

/**
 * A plan sheet as the caller may see it: the file must be a current PDF of a project the active
 * company is related to, owned by the company that runs it; anything else is the same 404. `need`
 * 'edit' is a 403 unless the caller may change the project's budget.
 */
export async function sheetScope(db: Executor, actor: Actor, fileId: number, need: 'view' | 'edit' = 'view'): Promise<SheetScope> {
  const file = await db
    .selectFrom('files')
    .select(['id', 'name', 'company_id', 'entity_type', 'entity_id', 'folder_id', 'content_type', 'public_id', 'object_name'])
    .where('id', '=', fileId)
    .where('version_of', 'is', null)
    .executeTakeFirst();
  if (!file || file.content_type !== 'application/pdf' || file.company_id === null) throw notFound('Plan file');
  const projectId = await projectOfFile(db, file);
  if (projectId === null) throw notFound('Plan file');
  const access = await projectAccess(db, actor, projectId, 'view').catch((err) => Promise.reject(err?.statusCode === 404 ? notFound('Plan file') : err));
  if (access.project.company_id !== file.company_id) throw notFound('Plan file');
  if (need === 'edit' && !access.canManage) throw forbidden('Drawing on a plan needs projects:manage in the company that runs the project');
  return { file: { id: file.id, name: file.name, companyId: file.company_id, publicId: file.public_id, objectName: file.object_name }, project: access.project, access, canEdit: access.canManage };
}
