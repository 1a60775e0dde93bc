import { z } from 'zod';
import { idParam, MAX_ID } from '../../../resources/id.js';

const id = idParam();

/** /projects/:id/budgets/:budgetId/…: the project and its budget. */
export const budgetParams = z.object({ id, budgetId: id });
/** …/items/:budgetItemId. */
export const budgetItemParams = z.object({ id, budgetId: id, budgetItemId: id });
export const projectParams = z.object({ id });

const ALL_MESSAGE = 'Must be an id, or 0 for all';
/** An id, or 0 meaning all of them (the figures' company and category segments). */
const idOrAll = z
  .string({ error: ALL_MESSAGE })
  .regex(/^\d+$/, ALL_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(0).max(MAX_ID, ALL_MESSAGE));
/** /projects/:id/budget-distribution/:companyId/:categoryId and budget-details. */
export const figuresParams = z.object({ id, companyId: idOrAll, categoryId: idOrAll });

export type BudgetParams = z.output<typeof budgetParams>;
export type BudgetItemParams = z.output<typeof budgetItemParams>;
export type FiguresParams = z.output<typeof figuresParams>;

export const BUDGET_URL = '/projects/:id/budgets/:budgetId';
