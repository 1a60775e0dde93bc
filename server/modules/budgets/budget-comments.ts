import type { BudgetComment } from '../../../resources/budget.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { parseListQuery, runList, type ListSpec, type RawListQuery } from '../../lib/list-query.js';
import type { Services } from '../../services.js';
import { notifyComment } from './budget-notify.js';
import type { BudgetParams } from './budget-params.js';
import { budgetScope } from './budget-scope.js';

const COMMENT_LIST: ListSpec = {
  fields: {
    id: { column: 'bc.id', type: 'number', filter: true, sort: true },
    budgetItemId: { column: 'bc.budget_item_id', type: 'number', filter: true, nullable: true },
    companyId: { column: 'bc.company_id', type: 'number', filter: true },
    authorName: { column: 'bc.author_name', type: 'text', filter: true, sort: true },
    comment: { column: 'bc.body', type: 'text', filter: true },
    createdAt: { column: 'bc.created_at', type: 'date', filter: true, sort: true },
  },
  defaultSort: [{ field: 'createdAt', order: 'asc' }],
  tiebreaker: 'bc.id',
};

const commentRows = (db: Executor) =>
  db.selectFrom('budget_comments as bc').select(['bc.id', 'bc.budget_id', 'bc.budget_item_id', 'bc.company_id', 'bc.author_name', 'bc.body', 'bc.created_at']);

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentRows>['executeTakeFirstOrThrow']>>;

const commentView = (r: CommentRow): BudgetComment => ({
  id: r.id,
  budgetId: r.budget_id,
  budgetItemId: r.budget_item_id,
  companyId: r.company_id,
  authorName: r.author_name,
  comment: r.body,
  createdAt: r.created_at,
});

/** GET …/comments: a page of the budget's comments, oldest first unless sorted otherwise; every company related to the project reads them. */
export async function listComments(services: Services, actor: Actor, params: BudgetParams, query: RawListQuery) {
  const list = parseListQuery(COMMENT_LIST, query);
  const scope = await budgetScope(services.db, actor, params);
  const page = await runList(commentRows(services.db).where('bc.budget_id', '=', scope.budget.id), list);
  return { total: page.total, rows: page.rows.map(commentView) };
}

const ITEM_MESSAGE = 'Choose an item of this budget';

/**
 * POST …/comments: any company related to the project comments, in the name of the person writing;
 * the other side is told (budget-notify.ts).
 */
export async function addComment(services: Services, actor: Actor, params: BudgetParams, body: { comment: string; budgetItemId: number | null }): Promise<BudgetComment> {
  return services.db.transaction().execute(async (trx) => {
    const scope = await budgetScope(trx, actor, params);
    if (body.budgetItemId !== null) {
      const item = await trx.selectFrom('budget_items').select('id').where('id', '=', body.budgetItemId).where('budget_id', '=', scope.budget.id).executeTakeFirst();
      if (!item) throw badRequest(`budgetItemId: ${ITEM_MESSAGE}`, [{ field: 'budgetItemId', message: ITEM_MESSAGE }]);
    }
    const { id } = await trx
      .insertInto('budget_comments')
      .values({
        budget_id: scope.budget.id,
        budget_item_id: body.budgetItemId,
        company_id: scope.access.companyId,
        user_id: actor.user.id,
        author_name: actor.user.name,
        body: body.comment,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const comment = commentView(await commentRows(trx).where('bc.id', '=', id).executeTakeFirstOrThrow());
    await recordAudit(trx, { userId: actor.user.id, companyId: scope.access.companyId }, {
      entityType: 'budget_comment',
      entityId: id,
      action: 'created',
      after: { budgetId: comment.budgetId, budgetItemId: comment.budgetItemId, companyId: comment.companyId, comment: comment.comment },
      companyId: scope.budget.company_id,
    });
    await notifyComment(services, trx, scope, id, actor.user.name);
    return comment;
  });
}
