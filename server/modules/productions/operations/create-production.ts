import { createProductionBody } from '../../../../resources/production.js';
import { defineRoute } from '../../../http/route.js';
import { projectAccess } from '../../projects/project-access.js';
import { projectParams } from '../production-params.js';
import { createProduction as create } from '../production-service.js';

export const createProduction = defineRoute({
  method: 'POST',
  url: '/production/project/:projectId',
  access: { permission: 'productions:manage' },
  status: 201,
  summary:
    "A draft production of one of the acting company's crews (a crew leader: a crew of theirs) for a day on the project, with its items (budget items of the project, decimal quantities with up to 3 decimals) and texts; the company runs the project or works on it as a crew company; one per crew, project and day (409, details naming the existing sheet: [{ field: date, existingId }]); taskId, a task of the company on this project (required when the project records production by task). Answers the production",
  tags: ['productions'],
  params: projectParams,
  body: createProductionBody,
  guard: async ({ actor, services, params }) => void (await projectAccess(services.db, actor, params.projectId, 'view')),
  handler: ({ actor, services, params, body }) => create(services, actor, params.projectId, body),
});
