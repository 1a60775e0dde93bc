import { z } from 'zod';
import { idParam } from '../../../resources/id.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { projectAccess } from './project-access.js';

export const projectParams = z.object({ id: idParam() });
export const companyProjectsParams = z.object({ companyId: idParam() });

/** Route guards: the caller's relation to the project (404) and, for changes, the right to manage it (403), before the body is read. */
export const viewGuard = async ({ services, actor, params }: { services: Services; actor: Actor; params: { id: number } }) =>
  void (await projectAccess(services.db, actor, params.id, 'view'));
export const manageGuard = async ({ services, actor, params }: { services: Services; actor: Actor; params: { id: number } }) =>
  void (await projectAccess(services.db, actor, params.id, 'manage'));
