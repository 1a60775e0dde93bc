import type { ProductionCrewOption } from '../../../../resources/production.js';
import { defineRoute } from '../../../http/route.js';
import { recordableCrews } from '../production-checks.js';

export const productionCrews = defineRoute({
  method: 'GET',
  url: '/production/crews',
  access: { permission: 'productions:view' },
  summary: "The crews the acting person may record production for, by name: the acting company's crews (a crew leader or a Crew-role member: the crews they are in; the phone lists those crews' productions)",
  tags: ['productions'],
  handler: async ({ actor, services }): Promise<ProductionCrewOption[]> =>
    (await recordableCrews(services.db, actor).orderBy('c.name').orderBy('c.id').execute()).map((c) => ({ id: c.id, name: c.name, companyId: c.company_id })),
});
