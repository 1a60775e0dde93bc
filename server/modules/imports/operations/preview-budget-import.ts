import { defineRoute } from '../../../http/route.js';
import { BUDGET_URL, budgetParams } from '../../budgets/budget-params.js';
import { managedBudget } from '../../budgets/budget-scope.js';
import { previewBudgetImport as preview } from '../budget-import.js';
import { readImportUpload } from '../import-upload.js';

export const previewBudgetImport = defineRoute({
  method: 'POST',
  url: `${BUDGET_URL}/items/import/preview`,
  access: { permission: 'projects:view' },
  summary:
    "Reads an xlsx or csv of budget items (multipart file; columns code or name, quantity, price, description) and answers each row as matched, new or refused with its reason, and the counts; writes nothing. 409 when the budget takes no items (in review or approved); a file that is no spreadsheet, a zip bomb, over 20,000 rows or without the columns is a 400 on file",
  tags: ['budgets'],
  params: budgetParams,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: async ({ actor, services, params, req }) => preview(services, actor, params, (await readImportUpload(services, req)).sheet),
});
