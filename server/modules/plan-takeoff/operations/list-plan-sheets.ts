import { defineRoute } from '../../../http/route.js';
import { projectParams, viewGuard } from '../../projects/project-params.js';
import { projectPlanSheets } from '../plan-sheets.js';

export const listPlanSheets = defineRoute({
  method: 'GET',
  url: '/projects/:id/plan-sheets',
  access: { permission: 'projects:view' },
  summary:
    "The project's plan sheets: each page of its plan PDFs with drawings added to the budget (fileId, fileName, pageNumber, drawings), by file name and page, at most 200; any company related to the project (404 otherwise). The phone's project board lists them; each opens in the plan editor",
  tags: ['plan-takeoff'],
  params: projectParams,
  guard: viewGuard,
  handler: ({ services, params }) => projectPlanSheets(services.db, params.id),
});
