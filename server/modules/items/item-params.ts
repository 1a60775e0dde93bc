import { z } from 'zod';

export const itemParams = z.object({ id: z.coerce.number().int().positive() });
export const partnershipParams = z.object({ id: z.coerce.number().int().positive() });

/** The actor of a route that acts in the active company (access { permission }). */
export const activeActor = (actor: { user: { id: number }; membership: { companyId: number } | null }) => ({
  userId: actor.user.id,
  companyId: actor.membership!.companyId,
});
