import type { CrewOption } from '../../../../resources/task.js';
import { defineRoute } from '../../../http/route.js';

/**
 * The crews a task may name, for the task pickers and the crew filter: anyone who sees the tasks
 * sees their crews' names on the cards, so this needs tasks:view, not crews:manage (crew leaders).
 */
export const listTaskCrews = defineRoute({
  method: 'GET',
  url: '/tasks/crews',
  access: { permission: 'tasks:view' },
  summary: "The acting company's crews by name (id and name), for the task pickers and the crew filter",
  tags: ['tasks'],
  handler: async ({ actor, services }): Promise<CrewOption[]> =>
    services.db
      .selectFrom('crews')
      .select(['id', 'name'])
      .where('company_id', '=', actor.membership!.companyId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
});
