import { defineRoute } from '../../../http/route.js';
import { projectItemCategories } from '../project-categories.js';
import { itemCategoriesParams, subProjectCategoriesParams, viewGuard } from '../project-params.js';

const ANSWER = 'each with its budget item count and planned amount (id null: items without a category); companyId 0 takes items of every company';

export const allItemCategories = defineRoute({
  method: 'GET',
  url: '/projects/:id/item-categories/:companyId/all',
  access: { permission: 'projects:view' },
  summary: `The categories of one company's items in the budgets of the project and of its sub-projects the active company may see, ${ANSWER}`,
  tags: ['projects'],
  params: itemCategoriesParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => projectItemCategories(services.db, actor, params.id, params.companyId, { kind: 'all' }),
});

export const ownItemCategories = defineRoute({
  method: 'GET',
  url: '/projects/:id/item-categories/:companyId/skip',
  access: { permission: 'projects:view' },
  summary: `The categories of one company's items in the project's own budget, skipping its sub-projects, ${ANSWER}`,
  tags: ['projects'],
  params: itemCategoriesParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => projectItemCategories(services.db, actor, params.id, params.companyId, { kind: 'skip' }),
});

export const subProjectItemCategories = defineRoute({
  method: 'GET',
  url: '/projects/:id/item-categories/:companyId/:subProjectId',
  access: { permission: 'projects:view' },
  summary: `The categories of one company's items in the budget of one sub-project of the project, ${ANSWER}`,
  tags: ['projects'],
  params: subProjectCategoriesParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) =>
    projectItemCategories(services.db, actor, params.id, params.companyId, { kind: 'subProject', subProjectId: params.subProjectId }),
});
