import type { ProductionCrewOption } from '../../../../resources/production.js';
import { defineRoute } from '../../../http/route.js';
import { recordableCrews } from '../../productions/production-checks.js';

export const logCrews = defineRoute({
  method: 'GET',
  url: '/logs/crews',
  access: { permission: 'logs:view' },
  summary: "The crews the caller may check in with, by name: the acting company's crews (a crew leader: the crews they are in)",
  tags: ['logs'],
  handler: async ({ actor, services }): Promise<ProductionCrewOption[]> =>
    (await recordableCrews(services.db, actor).orderBy('c.name').orderBy('c.id').execute()).map((c) => ({ id: c.id, name: c.name, companyId: c.company_id })),
});
