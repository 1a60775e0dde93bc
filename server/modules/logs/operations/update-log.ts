import { updateLogBody } from '../../../../resources/log.js';
import { defineRoute } from '../../../http/route.js';
import { idParams, logGuard } from '../log-params.js';
import { updateLog as update } from '../log-service.js';

export const updateLog = defineRoute({
  method: 'PATCH',
  url: '/logs/:id',
  access: { permission: 'logs:view' },
  summary:
    "The status and description of a log (the keys sent change): its author or a reviewer (logs:manage or crews:manage), else 403. Status moves: open → submitted (author or reviewer), submitted → reviewed and submitted | reviewed → open (a reviewer); any other is 409. A reviewed log's description is 409 until reopened. Answers the log",
  tags: ['logs'],
  params: idParams,
  body: updateLogBody,
  guard: logGuard,
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, body),
});
