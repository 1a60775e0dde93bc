import { defineRoute } from '../../../http/route.js';
import { dailySheet } from '../daily-sheet.js';
import { idParams, viewGuard } from '../production-params.js';

export const downloadDailySheet = defineRoute({
  method: 'POST',
  url: '/productions/:id/report/download',
  access: { permission: 'productions:view' },
  summary:
    "The production's daily sheet as an xlsx attachment (Daily_Production_Sheet_{projectCode}_{MMDDYYYY}.xlsx): project, crew, company, date, status and reviews, the day's texts, one row per item (code, name, unit, quantity exactly, unit price, amount, station, description, photos) with the total, then each photo's link; laid out to print. Whoever may see the production downloads it.",
  tags: ['productions'],
  params: idParams,
  guard: viewGuard,
  handler: ({ actor, services, params, reply }) => dailySheet(services, actor, reply, params.id),
});
