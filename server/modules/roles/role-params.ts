import { z } from 'zod';
import { idParam } from '../../../resources/id.js';

export const companyRolesParams = z.object({ companyId: idParam() });

export const companyRoleParams = companyRolesParams.extend({ id: idParam() });

export const projectRolesParams = z.object({ projectId: idParam() });

export const projectRoleParams = projectRolesParams.extend({ id: idParam() });
