import { z } from 'zod';
import { idParam } from '../../../resources/id.js';

export const itemParams = z.object({ id: idParam() });
export const partnershipParams = z.object({ id: idParam() });

/** The actor of a route that acts in the active company (access { permission }). */
export const activeActor = (actor: { user: { id: number }; membership: { companyId: number } | null }) => ({
  userId: actor.user.id,
  companyId: actor.membership!.companyId,
});
