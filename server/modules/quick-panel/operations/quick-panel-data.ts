import { quickPanelQuery } from '../../../../resources/quick-panel.js';
import { defineRoute } from '../../../http/route.js';
import { quickPanelData } from '../quick-panel-service.js';

export const getQuickPanelData = defineRoute({
  method: 'GET',
  url: '/quick-panel/data',
  access: 'user',
  summary:
    "The quick panel of the caller's day (date=YYYY-MM-DD in the caller's zone; the server's UTC day when left out): events (the tasks of the caller's crews, then the active company's calendar items of the day: productions, daily logs, project starts and ends, locate expiries; at most 50, moreEvents counts the rest) as { id, title, detail, url }, the caller's notes { id, title, detail, updatedAt } newest first, and the three quick settings",
  tags: ['quick-panel'],
  query: quickPanelQuery,
  handler: ({ actor, services, query }) => quickPanelData(services, actor, query.date),
});
