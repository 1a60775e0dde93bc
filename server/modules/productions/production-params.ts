import { z } from 'zod';
import { idParam } from '../../../resources/id.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { managedProduction, productionScope, reviewableProduction } from './production-access.js';
import { itemScope } from './production-items.js';
import { loadProduction } from './production-view.js';

/** /production/:id, /production/item/:id, /comment/:id…: one row by id. */
export const idParams = z.object({ id: idParam() });
/** production/project/:projectId */
export const projectParams = z.object({ projectId: idParam() });
/** /comments/:productionId */
export const commentsParams = z.object({ productionId: idParam() });
/** /production/:id/photos/:photoId */
export const photoParams = z.object({ id: idParam(), photoId: idParam() });

export type IdParams = z.output<typeof idParams>;

interface GuardContext {
  services: Services;
  actor: Actor;
  params: { id: number };
}

/** Route guards: the production the path names, seen (404), and the caller's right on it (403). */
export const viewGuard = async ({ services, actor, params }: GuardContext) => void (await productionScope(services.db, actor, params.id));
export const manageGuard = async ({ services, actor, params }: GuardContext) => void (await managedProduction(services.db, actor, params.id));
export const reviewGuard = async ({ services, actor, params }: GuardContext) => void (await reviewableProduction(services.db, actor, params.id));
/** /production/item/{id}: the item's production, managed by the caller. */
export const itemManageGuard = async ({ services, actor, params }: GuardContext) => {
  const scope = await itemScope(services.db, actor, params.id);
  if (!scope.canManage) await managedProduction(services.db, actor, scope.production.id);
};

/**
 * A refused write's `current` (server/http/route.ts): the production as GET /production/{id} answers
 * it to the caller now, so a phone that wrote offline shows both versions.
 */
export const currentProduction = async ({ services, actor, params }: GuardContext) =>
  loadProduction(services.db, await productionScope(services.db, actor, params.id), params.id);
/** The same for /production/item/{id}: the item's production. */
export const currentItemProduction = async ({ services, actor, params }: GuardContext) => {
  const scope = await itemScope(services.db, actor, params.id);
  return loadProduction(services.db, scope, scope.production.id);
};
