import { sql } from 'kysely';
import { isLive } from '../../../resources/partnership-lifecycle.js';
import type { Market, RemoveMarketBody } from '../../../resources/partnership.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { escapeLike } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { marketsOf } from './partnership-query.js';
import { activeCompanyId, requireHost } from './partnership-service.js';

const SEARCH_LIMIT = 20;

/** Lower-cased in one place (JavaScript's rules, not the database's), so lookups and search agree. */
const searchName = (name: string) => name.trim().toLocaleLowerCase('en-US');

/** GET /market/prefix/{text}: the active company's markets whose name starts with the text. */
export async function searchMarkets(services: Services, actor: Actor, prefix: string): Promise<{ markets: Market[] }> {
  const pattern = `${escapeLike(searchName(prefix))}%`;
  const markets = await services.db
    .selectFrom('markets')
    .select(['id', 'name'])
    .where('company_id', '=', activeCompanyId(actor))
    .where(sql<boolean>`search_name like ${pattern} escape '!'`)
    .orderBy('search_name')
    .limit(SEARCH_LIMIT)
    .execute();
  return { markets };
}

async function currentMarkets(db: Executor, partnershipId: number): Promise<Market[]> {
  return (await marketsOf(db, [partnershipId])).get(partnershipId) ?? [];
}

const names = (markets: Market[]) => markets.map((m) => m.name).join(', ');

async function recordMarkets(trx: Trx, actor: Actor, companyId: number, id: number, action: string, before: Market[], after: Market[]) {
  await recordAudit(trx, { userId: actor.user.id, companyId }, { entityType: 'partnership', entityId: id, action, before: { markets: names(before) }, after: { markets: names(after) } });
}

/** POST /partnerships/{id}/market: links the market, creating it in the host company when new. */
export async function addMarket(services: Services, actor: Actor, id: number, name: string): Promise<{ markets: Market[] }> {
  const companyId = activeCompanyId(actor);
  return services.db.transaction().execute(async (trx) => {
    const side = await requireHost(trx, id, companyId);
    // Removing stays possible: the links are the host's own rows.
    if (!isLive(side.status)) throw conflict('This partnership has ended: markets can no longer be added to it', 'PARTNERSHIP_NOT_ACTIVE');
    const before = await currentMarkets(trx, id);
    const now = nowIso();
    await trx
      .insertInto('markets')
      .values({ company_id: companyId, name: name.trim(), search_name: searchName(name), created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['company_id', 'search_name']).doNothing())
      .execute();
    const market = await trx
      .selectFrom('markets')
      .select('id')
      .where('company_id', '=', companyId)
      .where('search_name', '=', searchName(name))
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('partnership_markets')
      .values({ partnership_id: id, market_id: market.id })
      .onConflict((oc) => oc.columns(['partnership_id', 'market_id']).doNothing())
      .execute();
    const after = await currentMarkets(trx, id);
    if (after.length !== before.length) await recordMarkets(trx, actor, companyId, id, 'market added', before, after);
    return { markets: after };
  });
}

/** DELETE /partnerships/{id}/market: unlinks it; the market stays in the company for other partnerships. */
export async function removeMarket(services: Services, actor: Actor, id: number, body: RemoveMarketBody): Promise<{ markets: Market[] }> {
  const companyId = activeCompanyId(actor);
  return services.db.transaction().execute(async (trx) => {
    await requireHost(trx, id, companyId);
    const before = await currentMarkets(trx, id);
    const market = before.find((m) => (body.marketId !== undefined ? m.id === body.marketId : searchName(m.name) === searchName(body.name!)));
    if (!market) throw notFound('Market');
    await trx.deleteFrom('partnership_markets').where('partnership_id', '=', id).where('market_id', '=', market.id).execute();
    const after = await currentMarkets(trx, id);
    await recordMarkets(trx, actor, companyId, id, 'market removed', before, after);
    return { markets: after };
  });
}
