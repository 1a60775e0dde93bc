import { z } from 'zod';

export const companyParams = z.object({ id: z.coerce.number().int().positive() });
export const memberParams = z.object({ id: z.coerce.number().int().positive() });
