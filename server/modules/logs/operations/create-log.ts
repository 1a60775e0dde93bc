import { createLogBody } from '../../../../resources/log.js';
import { defineRoute } from '../../../http/route.js';
import { createLog as create } from '../log-service.js';

export const createLog = defineRoute({
  method: 'POST',
  url: '/logs',
  access: { permission: 'logs:view' },
  status: 201,
  summary:
    "Check in: a log of the caller in the acting company (logs:view is enough: crew leaders check in). The spec's body { logData: { projectId, crewId, lat, lng, date, status, description, address }, dateString }, or the same fields flat beside dateString (same rules, same answer; not both at once). projectId (a project the company sees) and crewId (a crew the caller may check in with) are required; lat and lng both or neither; status open or submitted; dateString: the caller's local day (YYYY-MM-DD), the log's day when date is absent. Errors name the field as sent (logData.crewId or crewId). With a position and WEATHER_URL set, the weather there is stored; a weather failure never fails the check-in. Answers the log",
  tags: ['logs'],
  body: createLogBody,
  handler: ({ actor, services, body }) => create(services, actor, body),
});
