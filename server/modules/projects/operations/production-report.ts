import { productionReportBody } from '../../../../resources/project-report.js';
import { defineRoute } from '../../../http/route.js';
import { projectParams, viewGuard } from '../project-params.js';
import { productionReport } from '../project-production-report.js';

export const downloadProductionReport = defineRoute({
  method: 'POST',
  url: '/projects/:id/report/production',
  access: { permission: 'reports-open' },
  summary:
    "The project's production report as an xlsx attachment (Production_Report_{projectCode}_{MMDDYYYY from}_{MMDDYYYY to}.xlsx): a header block, one row per budget item with its budgeted and produced quantity and amount in the range (days in the project's time zone, both included), the totals; from defaults to the project's start date, to to today",
  tags: ['projects'],
  params: projectParams,
  body: productionReportBody,
  guard: viewGuard,
  handler: ({ actor, services, params, body, reply }) => productionReport(services, actor, reply, params.id, body),
});
