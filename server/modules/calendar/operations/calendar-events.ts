import { calendarQuery } from '../../../../resources/calendar.js';
import { defineRoute } from '../../../http/route.js';
import { calendarEvents } from '../calendar-service.js';

export const listCalendarEvents = defineRoute({
  method: 'GET',
  url: '/calendar/events',
  access: 'member',
  summary:
    'The calendar of the acting company over start ≤ day < end (YYYY-MM-DD, at most 62 days): tasks (start to end), productions (by date), daily logs, project start and end dates and locate expiries, each type only with its view permission and only the rows the company may see; filters projectId and crewId (repeated), types (task, production, log, project, locate). At most 500 events of a type: X-Truncated is true when a type held more, X-Truncated-Types names them',
  tags: ['calendar'],
  query: calendarQuery,
  handler: async ({ actor, services, query, reply }) => {
    const { events, truncated } = await calendarEvents(services, actor, query);
    reply.header('X-Truncated', truncated.length ? 'true' : 'false');
    if (truncated.length) reply.header('X-Truncated-Types', truncated.join(','));
    reply.header('Access-Control-Expose-Headers', 'X-Truncated, X-Truncated-Types');
    return events;
  },
});
