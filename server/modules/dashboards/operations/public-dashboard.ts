import { publicFigureBody } from '../../../../resources/dashboard.js';
import { defineRoute } from '../../../http/route.js';
import { publicMappingQuery, publicMarkersQuery, publicParams, publicWidgetParams } from '../dashboard-params.js';
import { publicDashboard, publicFigures, publicMapping, publicMarkers, publicWidget } from '../public-dashboard.js';

const DEAD = 'An unknown, private or revoked URL is the same 404';

export const getPublicDashboard = defineRoute({
  method: 'GET',
  url: '/dashboard/public/:publicURL',
  access: 'public',
  rateLimited: 'public',
  summary: `A public dashboard read without login: company name and logo, dashboard name and filters, the filters a guest may change with the names of their values, and its published widgets. ${DEAD}`,
  tags: ['dashboards', 'public'],
  params: publicParams,
  handler: ({ services, params }) => publicDashboard(services, params.publicURL),
});

export const getPublicWidget = defineRoute({
  method: 'GET',
  url: '/dashboard/public/:publicURL/widget/:widgetId',
  access: 'public',
  rateLimited: 'public',
  summary: `One published widget of that public dashboard; any other widget is a 404. ${DEAD}`,
  tags: ['dashboards', 'public'],
  params: publicWidgetParams,
  handler: ({ services, params }) => publicWidget(services, params.publicURL, params.widgetId),
});

export const getPublicMarkers = defineRoute({
  method: 'GET',
  url: '/dashboard/public/:publicURL/widget/:widgetId/markers',
  access: 'public',
  rateLimited: 'public',
  summary: `The project markers of a published map widget in bbox at zoom (as GET /map/markers): the company's projects, in the dashboard's project when it names one. ${DEAD}`,
  tags: ['dashboards', 'public'],
  params: publicWidgetParams,
  query: publicMarkersQuery,
  handler: ({ services, params, query }) => publicMarkers(services, params.publicURL, params.widgetId, query),
});

export const publicFigureData = defineRoute({
  method: 'POST',
  url: '/advanced-filter/public/data',
  access: 'public',
  rateLimited: 'public',
  summary: `The figures of one published widget of a public dashboard: the widget's own stored question, with the dashboard's and widget's filters and the guest's filters, which may only set what the owner exposed, to the values allowed (anything else is a 400). ${DEAD}`,
  tags: ['dashboards', 'public'],
  body: publicFigureBody,
  handler: ({ services, body }) => publicFigures(services, body),
});

export const publicFigureMapping = defineRoute({
  method: 'GET',
  url: '/advanced-filter/public/mapping',
  access: 'public',
  rateLimited: 'public',
  summary: `The filters a guest of a public dashboard may change and the values allowed, with their names (publicURL=…). ${DEAD}`,
  tags: ['dashboards', 'public'],
  query: publicMappingQuery,
  handler: ({ services, query }) => publicMapping(services, query.publicURL),
});
