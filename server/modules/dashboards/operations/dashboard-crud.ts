import { createDashboardBody, updateDashboardBody } from '../../../../resources/dashboard.js';
import { defineRoute } from '../../../http/route.js';
import { editGuard, idParams, viewGuard } from '../dashboard-params.js';
import { createDashboard as create, deleteDashboard as remove, getDashboard as get, listDashboards as list, listPublicDashboards, updateDashboard as update } from '../dashboard-service.js';

const OPEN = { permission: 'dashboard-open' } as const;

export const listDashboards = defineRoute({
  method: 'GET',
  url: '/dashboards',
  access: OPEN,
  summary:
    "The dashboards the viewer may see in the acting company, oldest first: their own, the company's shared ones, and their role's default dashboard (made the first time the role asks). Each with its widgets, owner, live publication and whether the viewer may change it",
  tags: ['dashboards'],
  handler: ({ actor, services }) => list(services, actor),
});

export const listPublic = defineRoute({
  method: 'GET',
  url: '/dashboards/public',
  access: { permission: 'projects:manage' },
  summary: "The company's live public dashboards: dashboard id and name, public URL, who made it public and when, the filters guests may change. Revoke one with PATCH /dashboard/{id} { isPublic: false }",
  tags: ['dashboards'],
  handler: ({ actor, services }) => listPublicDashboards(services, actor),
});

export const createDashboard = defineRoute({
  method: 'POST',
  url: '/dashboard',
  access: OPEN,
  status: 201,
  summary: 'A new dashboard of the caller: name (1–80), shared with the company (needs projects:manage; private by default), filters (date preset or range, project, crew). Answers the dashboard',
  tags: ['dashboards'],
  body: createDashboardBody,
  handler: ({ actor, services, body }) => create(services, actor, body),
});

export const getDashboard = defineRoute({
  method: 'GET',
  url: '/dashboard/:id',
  access: OPEN,
  summary: "One dashboard the viewer may see, with its widgets; another member's private dashboard or another company's is a 404",
  tags: ['dashboards'],
  params: idParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => get(services, actor, params.id),
});

export const updateDashboard = defineRoute({
  method: 'PATCH',
  url: '/dashboard/:id',
  access: OPEN,
  summary:
    'Change a dashboard in one transaction: name, filters, the layout of its widgets ([{ widgetId, layout }], widgets of this dashboard only), and with projects:manage shared, isPublic (true: a new public URL; false: the URL is revoked for good) and publicFilters (the presets, projects and crews of the company a guest may pick). A private dashboard is its owner\'s to change; a shared or role one needs projects:manage',
  tags: ['dashboards'],
  params: idParams,
  body: updateDashboardBody,
  guard: editGuard,
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, body),
});

export const deleteDashboard = defineRoute({
  method: 'DELETE',
  url: '/dashboard/:id',
  access: OPEN,
  summary: 'Delete a dashboard with its widgets and publications: its public URL is dead',
  tags: ['dashboards'],
  params: idParams,
  guard: editGuard,
  handler: ({ actor, services, params }) => remove(services, actor, params.id),
});
