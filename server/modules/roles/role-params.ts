import { z } from 'zod';

export const companyRolesParams = z.object({ companyId: z.coerce.number().int().positive() });

export const companyRoleParams = companyRolesParams.extend({ id: z.coerce.number().int().positive() });
