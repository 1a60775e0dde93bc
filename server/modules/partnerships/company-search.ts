import { sql } from 'kysely';
import type { Actor } from '../../http/actor.js';
import { escapeLike } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { activeCompanyId } from './partnership-service.js';

const SEARCH_LIMIT = 10;

/**
 * Companies to add as a partner: names and ids only, of live companies other than the active one,
 * by name prefix (at least 3 characters, checked by the route) and a few at a time, so the
 * directory cannot be read out.
 */
export async function searchCompanies(services: Services, actor: Actor, prefix: string) {
  const pattern = `${escapeLike(prefix.trim().toLowerCase())}%`;
  const companies = await services.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null)
    .where('id', '!=', activeCompanyId(actor))
    .where(sql<boolean>`lower(name) like ${pattern} escape '!'`)
    .orderBy('name')
    .orderBy('id')
    .limit(SEARCH_LIMIT)
    .execute();
  return { companies };
}
