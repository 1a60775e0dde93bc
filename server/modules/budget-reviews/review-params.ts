import { z } from 'zod';
import { idParam } from '../../../resources/id.js';
import { text } from '../../../resources/text.js';

const id = idParam();

/** /projects/{id}/budgets/{budgetId}/…: the project and its budget. */
export const budgetParams = z.object({ id, budgetId: id });
/** …/reviews/{reviewId}. */
export const reviewParams = z.object({ id, budgetId: id, reviewId: id });

/**
 * The two halves of an external review link: the budget's public hash (32 characters) and the review
 * token (43). Anything of another length or alphabet names no review; it is refused like a wrong pair
 * by the service, so the shape of the answer does not depend on which half was wrong.
 */
const linkHalf = text().min(1).max(100);
export const linkParams = z.object({ budgetHash: linkHalf, reviewHash: linkHalf });

/**
 * The external page's items, a page at a time: 200 by default, 500 at most. The budget's figures in
 * the same answer are over every item (`itemCount`, total), so the page asks for more with
 * `_start`/`_end` when the reviewer wants them; 5,000 items in one answer were 740 KB.
 */
export const EXTERNAL_ITEMS_PAGE = { default: 200, max: 500 } as const;
const offset = z
  .string()
  .regex(/^\d+$/, 'Must be a whole number')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'Must be at most 2147483647'))
  .optional();
export const externalQuery = z.object({ _start: offset, _end: offset }).refine((q) => (q._end ?? Infinity) >= (q._start ?? 0), {
  message: 'must not be less than _start',
  path: ['_end'],
});
