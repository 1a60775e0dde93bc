import { createWidgetBody, updateWidgetBody } from '../../../../resources/dashboard.js';
import { defineRoute } from '../../../http/route.js';
import { editGuard, idParams, typeParams, viewGuard, widgetEditGuard, widgetParams } from '../dashboard-params.js';
import { widgetEditorConfiguration } from '../widget-editor.js';
import { createWidget as create, deleteWidget as remove, getWidget as get, updateWidget as update } from '../widget-service.js';

const OPEN = { permission: 'dashboard-open' } as const;

export const createWidget = defineRoute({
  method: 'POST',
  url: '/dashboard/:id/widget',
  access: OPEN,
  status: 201,
  summary:
    "Add a widget: title, type (kpi, bar, line, pie, table, chart, map, attention, placeholder), filters, configuration (checked against the type, and a figure widget's query against the figures model: 400 naming the field), layout (below the others by default). On a public dashboard it starts unpublished until PATCHed published: true",
  tags: ['dashboards'],
  params: idParams,
  body: createWidgetBody,
  guard: editGuard,
  handler: ({ actor, services, params, body }) => create(services, actor, params.id, body),
});

export const getWidget = defineRoute({
  method: 'GET',
  url: '/dashboard/:id/widget/:widgetId',
  access: OPEN,
  summary: "One widget of a dashboard the viewer may see; another dashboard's widget is a 404",
  tags: ['dashboards'],
  params: widgetParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => get(services, actor, params.id, params.widgetId),
});

export const updateWidget = defineRoute({
  method: 'PATCH',
  url: '/dashboard/:id/widget/:widgetId',
  access: OPEN,
  summary: 'Change a widget: title, filters, configuration (checked as on creation), layout, published (shown to guests of the public dashboard)',
  tags: ['dashboards'],
  params: widgetParams,
  body: updateWidgetBody,
  guard: widgetEditGuard,
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, params.widgetId, body),
});

export const deleteWidget = defineRoute({
  method: 'DELETE',
  url: '/dashboard/:id/widget/:widgetId',
  access: OPEN,
  summary: 'Remove a widget from its dashboard',
  tags: ['dashboards'],
  params: widgetParams,
  guard: widgetEditGuard,
  handler: ({ actor, services, params }) => remove(services, actor, params.id, params.widgetId),
});

export const widgetConfiguration = defineRoute({
  method: 'GET',
  url: '/dashboard/widget/:type/configuration',
  access: OPEN,
  summary:
    "What the widget editor needs for a type: its default title, size and configuration, and what this viewer may pick: the figures model's sources (figure types), the map layers (map), the attention kinds (attention). An unknown type is a 400",
  tags: ['dashboards'],
  params: typeParams,
  handler: async ({ actor, params }) => widgetEditorConfiguration(actor.profile, params.type),
});
