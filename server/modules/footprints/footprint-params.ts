import { z } from 'zod';
import { idParam } from '../../../resources/id.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { footprintOf } from './footprint-access.js';

export const idParams = z.object({ id: idParam() });
export const photoParams = z.object({ id: idParam(), fileId: idParam() });

/** The footprint the path names, the acting company's (404 otherwise), before the body is read. */
export const footprintGuard = async ({ services, actor, params }: { services: Services; actor: Actor; params: { id: number } }) =>
  void (await footprintOf(services.db, actor, params.id));
