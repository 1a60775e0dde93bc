import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileParams, viewSheetGuard } from '../sheet-params.js';
import { takeoffPreview as preview } from '../takeoff-budget.js';

export const takeoffPreview = defineRoute({
  method: 'GET',
  url: '/layerItems/:fileId/takeoff',
  access: { permission: 'projects:view' },
  summary:
    "The prompt-to-add-budget dialog's rows: per catalog item drawn on the file for the budget, the measured total, the number of drawings and the budget item it goes to with its quantity today; whoever reads the project's budget",
  tags: ['plan-takeoff'],
  params: fileParams,
  query: z.strictObject({ budgetId: idParam('Choose a budget') }),
  guard: viewSheetGuard,
  handler: ({ actor, services, params, query }) => preview(services, actor, params.fileId, query.budgetId),
});
