import { z } from 'zod';
import { idParam } from '../../../resources/id.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { locateScope, responseScope } from './locate-access.js';

export const idParams = z.object({ id: idParam() });
export const responseParams = z.object({ id: idParam(), responseId: idParam() });

type GuardContext<P> = { services: Services; actor: Actor; params: P };

/** Route guards: a ticket (or response) of the acting company, else 404, before the body is read. */
export const locateGuard = async ({ services, actor, params }: GuardContext<{ id: number }>) => void (await locateScope(services.db, actor, params.id));
export const responseGuard = async ({ services, actor, params }: GuardContext<{ id: number; responseId: number }>) =>
  void (await responseScope(services.db, actor, params.id, params.responseId));

/** Locate view reads (spec 01 §6: locate-manage or crews:manage); every change needs locate-manage. */
export const VIEW = { permission: 'locate-view' } as const;
export const MANAGE = { permission: 'locate-manage' } as const;
