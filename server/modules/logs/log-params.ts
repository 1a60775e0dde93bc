import { z } from 'zod';
import { idParam } from '../../../resources/id.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { logScope } from './log-access.js';

export const idParams = z.object({ id: idParam() });

/** Route guard: a log of the acting company (else 404), before the body is read. */
export const logGuard = async ({ services, actor, params }: { services: Services; actor: Actor; params: { id: number } }) => void (await logScope(services.db, actor, params.id));
