import { defineRoute } from '../../../http/route.js';
import { projectParams, viewGuard } from '../../projects/project-params.js';
import { siteLocates } from '../locate-list.js';

export const listSiteLocates = defineRoute({
  method: 'GET',
  url: '/projects/:id/locates',
  access: { permission: 'projects:view' },
  summary:
    "The acting company's open locate tickets at one project's site (status not closed, with expired), next to expire first, at most 100: for whoever works on the project (projects:view), the crew about to dig included, who may not hold locate view for the Locates screens. A project the company is not related to is 404",
  tags: ['locates'],
  params: projectParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => siteLocates(services, actor, params.id),
});
