import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { projectAccess } from '../projects/project-access.js';
import type { ScopeResolver } from './role-service.js';

/**
 * A project's roles (`/roles/project/{projectId}/…`): read by every company related to the project,
 * changed by the company that runs it with projects:manage (server/modules/projects/project-access.ts).
 */
export const projectScope =
  (actor: Actor, projectId: number, need: 'view' | 'manage'): ScopeResolver =>
  async (db) => {
    const { project } = await projectAccess(db, actor, projectId, need);
    return { type: 'project', id: projectId, auditCompanyId: project.company_id };
  };

/** Route guards: the relation (404) and, for changes, the right to manage the project (403), before the body is read. */
export const projectRolesGuard =
  (need: 'view' | 'manage') =>
  async ({ services, actor, params }: { services: Services; actor: Actor; params: { projectId: number } }) =>
    void (await projectAccess(services.db, actor, params.projectId, need));
