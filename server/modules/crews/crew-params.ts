import { z } from 'zod';

export const crewParams = z.object({ id: z.coerce.number().int().positive() });
