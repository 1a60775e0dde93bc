import { ITEM_MESSAGES } from '../../../resources/items.js';
import { isLive, isPending, type PartnershipStatus } from '../../../resources/partnership-lifecycle.js';
import type { Executor } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);

/**
 * A partnership the company takes part in, on either side. Any other id is the same 404, so other
 * companies' partnerships stay invisible.
 */
export async function partnershipOf(db: Executor, companyId: number, partnershipId: number) {
  const row = await db
    .selectFrom('partnerships')
    .select(['id', 'company_id', 'status'])
    .where('id', '=', partnershipId)
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb('client_id', '=', companyId), eb('subcontractor_id', '=', companyId)]))
    .executeTakeFirst();
  if (!row) throw notFound('Partnership');
  return row;
}

/**
 * A partnership new items may be made for: an active one, or one the company asked for that waits
 * for an answer. A declined or ended one keeps its items but takes no new ones (409), and the asked
 * company has nothing to make items for until it accepts.
 */
export async function partnershipForNewItems(db: Executor, companyId: number, partnershipId: number) {
  const row = await partnershipOf(db, companyId, partnershipId);
  const status = row.status as PartnershipStatus;
  if (status === 'active' || (isPending(status) && row.company_id === companyId)) return row;
  throw conflict(isLive(status) ? ITEM_MESSAGES.partnershipNotAccepted : ITEM_MESSAGES.partnershipEnded, 'PARTNERSHIP_NOT_ACTIVE');
}

/**
 * The category must be one of the company's; the market one of the partnership's (or, for the
 * company's own items, one of its markets). Anything else reads as unknown: nothing about other
 * companies leaks through the message.
 */
export async function checkItemReferences(
  db: Executor,
  companyId: number,
  partnershipId: number | null,
  body: { categoryId?: number | null; marketId?: number | null },
) {
  if (body.categoryId != null) {
    const category = await db
      .selectFrom('item_categories')
      .select('id')
      .where('id', '=', body.categoryId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!category) throw fieldError('categoryId', ITEM_MESSAGES.unknownCategory);
  }
  if (body.marketId != null) {
    const market = partnershipId
      ? await db
          .selectFrom('partnership_markets')
          .select('market_id')
          .where('partnership_id', '=', partnershipId)
          .where('market_id', '=', body.marketId)
          .executeTakeFirst()
      : await db.selectFrom('markets').select('id').where('id', '=', body.marketId).where('company_id', '=', companyId).executeTakeFirst();
    if (!market) throw fieldError('marketId', ITEM_MESSAGES.unknownMarket);
  }
}
