import { z } from 'zod';
import { idParam } from '../../../resources/id.js';

/** /projects/:id/budgets/:budgetId/change-orders */
export const budgetParams = z.object({ id: idParam(), budgetId: idParam() });
/** /projects/:id/budgets/:budgetId/change-orders/:changeOrderId */
export const changeOrderParams = z.object({ id: idParam(), budgetId: idParam(), changeOrderId: idParam() });
/** /projects/:id/budgets/:budgetId/items/:budgetItemId/history */
export const budgetItemParams = z.object({ id: idParam(), budgetId: idParam(), budgetItemId: idParam() });

export type BudgetParams = z.output<typeof budgetParams>;
export type ChangeOrderParams = z.output<typeof changeOrderParams>;
export type BudgetItemParams = z.output<typeof budgetItemParams>;

export const CHANGE_ORDERS_URL = '/projects/:id/budgets/:budgetId/change-orders';
