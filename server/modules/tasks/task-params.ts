import { z } from 'zod';
import { idParam } from '../../../resources/id.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { managedTask, taskScope, workedTask } from './task-access.js';

/** /tasks/:id and /projects/:id/tasks: one row by id. */
export const idParams = z.object({ id: idParam() });
/** /tasks/:id/files/:fileId */
export const fileParams = z.object({ id: idParam(), fileId: idParam() });

interface GuardContext {
  services: Services;
  actor: Actor;
  params: { id: number };
}

/** Route guards: the task the path names, seen (404), and the caller's right on it (403), before the body is read. */
export const viewGuard = async ({ services, actor, params }: GuardContext) => void (await taskScope(services.db, actor, params.id));
export const manageGuard = async ({ services, actor, params }: GuardContext) => void (await managedTask(services.db, actor, params.id));
export const workGuard = async ({ services, actor, params }: GuardContext) => void (await workedTask(services.db, actor, params.id));
