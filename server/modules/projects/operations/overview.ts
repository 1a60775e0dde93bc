import { defineRoute } from '../../../http/route.js';
import { projectOverview } from '../project-overview.js';
import { projectParams, viewGuard } from '../project-params.js';

export const getProjectOverview = defineRoute({
  method: 'GET',
  url: '/projects/:id/report/overview',
  access: { permission: 'projects:view' },
  summary:
    "The project's figures: budget status and item count, planned and accepted change-order amounts (exact, as decimal strings), pending change orders, counts of members, files, sub-projects, crew companies and stations, days elapsed and planned",
  tags: ['projects'],
  params: projectParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => projectOverview(services.db, actor, params.id),
});
