import { z } from 'zod';
import { PROJECT_FILE_TYPES, type ProjectFileType } from '../../../resources/project.js';
import { idParam, MAX_ID } from '../../../resources/id.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { projectAccess } from './project-access.js';

export const projectParams = z.object({ id: idParam() });
export const companyProjectsParams = z.object({ companyId: idParam() });

/** Route guards: the caller's relation to the project (404) and, for changes, the right to manage it (403), before the body is read. */
export const viewGuard = async ({ services, actor, params }: { services: Services; actor: Actor; params: { id: number } }) =>
  void (await projectAccess(services.db, actor, params.id, 'view'));
export const manageGuard = async ({ services, actor, params }: { services: Services; actor: Actor; params: { id: number } }) =>
  void (await projectAccess(services.db, actor, params.id, 'manage'));

export const betweenParams = z.object({ clientId: idParam(), subcontractorId: idParam() });

/** A company id, or 0 for every company (the spec's sub-project and item-category paths name one company). */
export const companyOrAll = z
  .string({ error: 'Must be a company id, or 0 for every company' })
  .regex(/^\d+$/, 'Must be a company id, or 0 for every company')
  .transform(Number)
  .pipe(z.number().int().min(0).max(MAX_ID, 'Must be a company id, or 0 for every company'));

export const subProjectsParams = z.object({ id: idParam(), companyId: companyOrAll });

export const crewCompanyParams = z.object({ id: idParam(), companyId: idParam() });

const FILE_TYPES = PROJECT_FILE_TYPES.map((t) => t.value) as [ProjectFileType, ...ProjectFileType[]];
const fileType = z.enum(FILE_TYPES, { error: `Must be one of ${FILE_TYPES.join(', ')}` });
export const projectFileParams = z.object({ id: idParam(), fileType });
export const projectFilesQuery = z.object({ type: fileType.optional() });

export const itemCategoriesParams = z.object({ id: idParam(), companyId: companyOrAll });
export const subProjectCategoriesParams = z.object({ id: idParam(), companyId: companyOrAll, subProjectId: idParam() });
