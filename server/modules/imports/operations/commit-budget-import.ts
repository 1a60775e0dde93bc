import { defineRoute } from '../../../http/route.js';
import { BUDGET_URL, budgetParams } from '../../budgets/budget-params.js';
import { managedBudget } from '../../budgets/budget-scope.js';
import { commitBudgetImport as commit } from '../budget-import.js';
import { readImportUpload } from '../import-upload.js';

export const commitBudgetImport = defineRoute({
  method: 'POST',
  url: `${BUDGET_URL}/items/import`,
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    "Imports the same file as the preview, in one transaction: adds every row as a budget item, and the 'new' rows' items to the catalog (needs items:manage; without it they are refused). Any refused row is a 400 listing each row's reason and nothing is written, unless skipRefused=true leaves them out; answers the counts",
  tags: ['budgets'],
  params: budgetParams,
  guard: async ({ actor, services, params }) => void (await managedBudget(services.db, actor, params)),
  handler: async ({ actor, services, params, req }) => {
    const { sheet, skipRefused } = await readImportUpload(services, req);
    return commit(services, actor, params, sheet, skipRefused);
  },
});
