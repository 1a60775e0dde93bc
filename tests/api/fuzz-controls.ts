/**
 * The input fuzzer first sends each route's valid body (fuzz-fixtures.ts validBodies) and expects it
 * to succeed, so the fuzzed variants start from an input the route's own code takes. These routes
 * answer the valid body with a refusal of their own instead, for a reason of the fuzzer's one world
 * (an approved budget, a token held only as its hash, a document in a state the route does not
 * take); the control then expects exactly that refusal: past validation, into the route's code.
 */
export const CONTROL_REFUSALS: Record<string, { status: number; code: string; why: string }> = {
  'POST /users/register/:code': { status: 400, code: 'INVALID_INVITATION', why: 'no invitation token: they are mailed, and stored only as hashes' },
  'POST /users/reset-password': { status: 400, code: 'INVALID_RESET_TOKEN', why: 'no reset token: mailed, stored as a hash' },
  'POST /users/confirm-email': { status: 400, code: 'INVALID_EMAIL_TOKEN', why: 'no confirmation token: mailed, stored as a hash' },
  'PATCH /memberships/invitations/:token/decline': { status: 400, code: 'INVALID_INVITATION', why: 'no invitation token' },
  'PATCH /partnerships/invitations/:token/decline': { status: 400, code: 'INVALID_INVITATION', why: 'no invitation token' },
  'POST /public/change-orders/:token/send-back': { status: 410, code: 'LINK_USED', why: 'no live document link: mailed, stored as a hash' },
  'POST /public/invoices/:token/reject': { status: 410, code: 'LINK_USED', why: 'no live document link' },
  'POST /public/budget-review/:budgetHash/:reviewHash/reject': { status: 410, code: 'LINK_USED', why: 'no live review link: mailed, stored as a hash' },
  'PATCH /partnerships/:id/decline': { status: 409, code: 'ILLEGAL_TRANSITION', why: 'the partnership is active, no request waits for an answer' },
  'POST /projects/:id/budgets/:budgetId/items': { status: 409, code: 'BUDGET_NOT_EDITABLE', why: 'the budget is approved (change orders need one)' },
  'POST /projects/:id/budgets/:budgetId/items/multiple': { status: 409, code: 'BUDGET_NOT_EDITABLE', why: 'the budget is approved' },
  'PATCH /projects/:id/budgets/:budgetId/items/:budgetItemId': { status: 409, code: 'BUDGET_NOT_EDITABLE', why: 'the budget is approved' },
  'POST /projects/:id/budgets/:budgetId/submit': { status: 409, code: 'ILLEGAL_TRANSITION', why: 'the budget is approved' },
  'POST /projects/:id/budgets/:budgetId/submitSinglePart': { status: 409, code: 'ILLEGAL_TRANSITION', why: 'the budget is approved' },
  'POST /projects/:id/budgets/:budgetId/reviews': { status: 409, code: 'ILLEGAL_TRANSITION', why: 'the budget is approved, not submitted' },
  'PATCH /projects/:id/budgets/:budgetId/reviews/:reviewId': { status: 409, code: 'ILLEGAL_TRANSITION', why: 'the budget is approved' },
  'POST /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/send': { status: 409, code: 'NO_CONTACT', why: 'the project has no client contact to send to' },
  'POST /projects/:id/budgets/:budgetId/change-orders/:changeOrderId/reject': { status: 409, code: 'ILLEGAL_TRANSITION', why: 'the change order is a draft, not sent' },
  'POST /projects/:id/crew-companies': { status: 400, code: 'BAD_REQUEST', why: 'the other company is no subcontractor partner of the fuzzed one' },
  'POST /production/:id/approve': { status: 403, code: 'FORBIDDEN', why: "the production is the company's own draft: no review of it is asked of the company" },
  'POST /production/:id/reject': { status: 403, code: 'FORBIDDEN', why: "the production is the company's own draft" },
  'POST /invoices/:companyId': { status: 409, code: 'ALREADY_BILLED', why: 'the one approved production is billed on the seeded invoice' },
  'POST /invoices/:id/reject': { status: 403, code: 'FORBIDDEN', why: 'only the company billed rejects an invoice' },
  'POST /invoices/:id/paid/:status': { status: 409, code: 'ILLEGAL_TRANSITION', why: 'the invoice is a draft' },
  'POST /invoices/:id/transaction': { status: 409, code: 'ILLEGAL_TRANSITION', why: 'the invoice is cancelled by an earlier route of the run' },
  'POST /layerItems/:fileId': { status: 404, code: 'NOT_FOUND', why: 'the world holds no plan file (tests/api/plan-takeoff*.test.ts draw on one)' },
  'PATCH /item/:fileId/4': { status: 404, code: 'NOT_FOUND', why: 'no plan file' },
  'DELETE /items/:fileId/4': { status: 404, code: 'NOT_FOUND', why: 'no plan file' },
  'PUT /layerItems/:fileId/scale': { status: 404, code: 'NOT_FOUND', why: 'no plan file' },
  'POST /layerItems/:fileId/add-to-budget': { status: 404, code: 'NOT_FOUND', why: 'no plan file' },
};
