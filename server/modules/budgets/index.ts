import { addBudgetItem } from './operations/add-budget-item.js';
import { addBudgetItems } from './operations/add-budget-items.js';
import { addComment } from './operations/add-comment.js';
import { budgetActivity } from './operations/budget-activity.js';
import { budgetDetails } from './operations/budget-details.js';
import { budgetDistribution } from './operations/budget-distribution.js';
import { budgetSpent } from './operations/budget-spent.js';
import { cancelSubmission } from './operations/cancel-submission.js';
import { deleteBudgetItem } from './operations/delete-budget-item.js';
import { getBudget } from './operations/get-budget.js';
import { getProjectBudget } from './operations/get-project-budget.js';
import { listAllBudgetItems } from './operations/list-all-budget-items.js';
import { listBudgetItems } from './operations/list-budget-items.js';
import { listBudgets } from './operations/list-budgets.js';
import { listComments } from './operations/list-comments.js';
import { listParentItems } from './operations/list-parent-items.js';
import { submitBudget } from './operations/submit-budget.js';
import { submitSinglePart } from './operations/submit-single-part.js';
import { updateBudgetItem } from './operations/update-budget-item.js';

export const budgetRoutes = [
  listBudgets,
  listAllBudgetItems,
  getBudget,
  getProjectBudget,
  listBudgetItems,
  listParentItems,
  addBudgetItem,
  addBudgetItems,
  updateBudgetItem,
  deleteBudgetItem,
  submitBudget,
  submitSinglePart,
  cancelSubmission,
  listComments,
  addComment,
  budgetActivity,
  budgetDistribution,
  budgetDetails,
  budgetSpent,
];
