import { z } from 'zod';
import { DAMAGE_FILE_CATEGORIES, type DamageFileCategory } from '../../../resources/damage.js';
import { idParam } from '../../../resources/id.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { damageOf } from './damage-access.js';

const category = z.enum(DAMAGE_FILE_CATEGORIES.map((c) => c.value) as [DamageFileCategory, ...DamageFileCategory[]], {
  error: `The category is one of ${DAMAGE_FILE_CATEGORIES.map((c) => c.value).join(', ')}`,
});

export const idParams = z.object({ id: idParam() });
export const categoryParams = z.object({ id: idParam(), category });
export const fileParams = z.object({ id: idParam(), fileId: idParam() });
export const filesQuery = z.object({ category: category.optional() }).strict();

/** The damage the path names, the acting company's (404 otherwise), before the body is read. */
export const damageGuard = async ({ services, actor, params }: { services: Services; actor: Actor; params: { id: number } }) =>
  void (await damageOf(services.db, actor, params.id));
