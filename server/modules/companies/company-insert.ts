import type { CreateCompanyInput } from '../../../resources/company.js';
import type { Trx } from '../../db/index.js';
import { ROOT_FOLDER_NAME } from '../../db/migrations/0012_file_manager.js';
import { recordAudit } from '../../lib/audit.js';
import { createDefaultRoles } from '../roles/default-roles.js';
import { loadCompany } from './company-service.js';
import { auditedFields, companyColumns, companyView } from './company-view.js';

/**
 * Every company is born here, whoever makes it (a user for themselves, or a host for a partner that
 * is not on Fieldwork): the row, its default roles, its root folder and the 'created' entry in its own trail.
 * Answers the new company's id and its Owner role's id.
 */
export async function insertCompany(trx: Trx, creatorId: number, fields: Omit<CreateCompanyInput, 'parentId'>, parentId: number | null, now: string) {
  const { id } = await trx
    .insertInto('companies')
    .values({
      ...companyColumns(fields),
      name: fields.name,
      parent_id: parentId,
      plan: 'free',
      settings: '{}',
      invoice_settings: '{}',
      created_by: creatorId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ownerRoleId = await createDefaultRoles(trx, id, now);
  await trx.insertInto('folders').values({ company_id: id, parent_id: null, name: ROOT_FOLDER_NAME, created_by: creatorId, created_at: now, updated_at: now, project_id: null, acl_type: null, acl_id: null }).execute();
  const company = companyView(await loadCompany(trx, id), '');
  await recordAudit(trx, { userId: creatorId, companyId: id }, { entityType: 'company', entityId: id, action: 'created', after: auditedFields(company) });
  return { id, ownerRoleId };
}
