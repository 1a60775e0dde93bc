import { addToBudgetBody } from '../../../../resources/plan-takeoff.js';
import { defineRoute } from '../../../http/route.js';
import { editSheetGuard, fileParams } from '../sheet-params.js';
import { addTakeoffToBudget } from '../takeoff-budget.js';

export const addToBudget = defineRoute({
  method: 'POST',
  url: '/layerItems/:fileId/add-to-budget',
  access: { permission: 'projects:view' },
  summary:
    "Add what was measured on the plan to the budget: each chosen item's total (in whole units, rounded up) becomes a new budget item or the quantity of the one its drawings go to, all or none, with the budget items' rules (409 when the budget no longer takes items); the drawings are linked to their budget item. Needs projects:manage in the company that runs the project. Answers the dialog's rows",
  tags: ['plan-takeoff'],
  params: fileParams,
  body: addToBudgetBody,
  guard: editSheetGuard,
  handler: ({ actor, services, params, body }) => addTakeoffToBudget(services, actor, params.fileId, body),
});
