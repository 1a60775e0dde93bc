/**
 * Which of the client's Refine resources show rows of each table, and who sees them: 'company' rows
 * are the acting company's alone; 'project' rows are also seen by the companies related to their
 * project (owner, client, parent project's owner, crew companies). Tables not listed (sessions, the
 * audit trail, mail, jobs, notifications, chat) announce nothing through the live provider.
 */
export const TABLE_RESOURCES: Record<string, { resources: string[]; audience: 'company' | 'project' }> = {
  companies: { resources: ['companies', 'sub-companies'], audience: 'company' },
  roles: { resources: ['roles'], audience: 'company' },
  memberships: { resources: ['members', 'project-memberships', 'project-people'], audience: 'project' },
  member_categories: { resources: ['members'], audience: 'company' },
  crews: { resources: ['crews', 'production-crews', 'task-crews', 'log-crews'], audience: 'company' },
  crew_members: { resources: ['crews', 'members', 'production-crews', 'task-crews', 'log-crews'], audience: 'company' },
  crew_categories: { resources: ['crews'], audience: 'company' },
  task_types: { resources: ['task-types'], audience: 'company' },
  damage_types: { resources: ['damage-types'], audience: 'company' },
  footprint_types: { resources: ['footprint-types'], audience: 'company' },
  safety_authorities: { resources: ['safety-authorities'], audience: 'company' },
  item_categories: { resources: ['item-categories'], audience: 'company' },
  items: { resources: ['items'], audience: 'company' },
  partnerships: { resources: ['partners', 'clients', 'subcontractors'], audience: 'company' },
  projects: { resources: ['projects', 'project-overview', 'sub-projects', 'parent-projects'], audience: 'project' },
  project_crew_companies: { resources: ['project-crew-companies', 'project-overview'], audience: 'project' },
  project_stations: { resources: ['project-stations', 'project-overview'], audience: 'project' },
  budgets: { resources: ['budgets', 'budget-figures', 'project-overview'], audience: 'project' },
  budget_items: { resources: ['budget-items', 'budget-parent-items', 'budgets', 'budget-figures', 'budget-item-history', 'production-budget-items'], audience: 'project' },
  budget_reviews: { resources: ['budget-reviews', 'budgets'], audience: 'project' },
  budget_comments: { resources: ['budget-comments'], audience: 'project' },
  change_orders: { resources: ['change-orders', 'budgets', 'budget-items', 'budget-figures'], audience: 'project' },
  productions: { resources: ['productions', 'production-siblings'], audience: 'project' },
  production_reviews: { resources: ['productions'], audience: 'project' },
  production_items: { resources: ['productions', 'production-budget-items'], audience: 'project' },
  production_stations: { resources: ['productions'], audience: 'project' },
  production_traces: { resources: ['production-traces'], audience: 'project' },
  production_photos: { resources: ['production-photos'], audience: 'project' },
  production_comments: { resources: ['production-comments'], audience: 'project' },
  invoices: { resources: ['invoices'], audience: 'project' },
  invoice_lines: { resources: ['invoices'], audience: 'project' },
  invoice_transactions: { resources: ['invoices'], audience: 'project' },
  invoice_comments: { resources: ['invoice-comments'], audience: 'project' },
  // A task is its company's alone (tasks/task-access.ts), whatever project it is on.
  tasks: { resources: ['tasks', 'task-board', 'project-tasks'], audience: 'company' },
  task_items: { resources: ['tasks', 'task-board', 'project-tasks'], audience: 'company' },
  task_comments: { resources: ['task-comments'], audience: 'company' },
  task_files: { resources: ['task-files'], audience: 'company' },
  damages: { resources: ['damages', 'damage-files'], audience: 'company' },
  footprints: { resources: ['footprints', 'footprint-photos'], audience: 'company' },
  logs: { resources: ['logs'], audience: 'company' },
  locates: { resources: ['locates'], audience: 'company' },
  locate_responses: { resources: ['locates'], audience: 'company' },
  files: { resources: ['files', 'project-files'], audience: 'project' },
  folders: { resources: ['files', 'folders'], audience: 'company' },
  // Plan takeoff (issue 20): an open sheet refetches on its file's id (resources/plan-takeoff.ts PLAN_SHEET_RESOURCE).
  plan_sheets: { resources: ['plan-sheets'], audience: 'project' },
  plan_layer_items: { resources: ['plan-sheets'], audience: 'project' },
  production_plan_marks: { resources: ['plan-sheets', 'productions'], audience: 'project' },
};

/**
 * The API path words that name a resource's rows when they differ from its name (`/production/:id`
 * is a production, `…/budgets/:budgetId/items/:budgetItemId` a budget item).
 */
export const RESOURCE_SEGMENTS: Record<string, string[]> = {
  productions: ['production', 'productions'],
  'budget-items': ['items'],
  'budget-reviews': ['reviews'],
  members: ['memberships'],
  'project-tasks': ['tasks'],
  'task-board': ['tasks'],
  // /layerItems/:fileId, /item/:fileId/4, /items/:fileId/4: the plan file's id.
  'plan-sheets': ['layerItems', 'item', 'items'],
};
