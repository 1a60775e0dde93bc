import { listAttention } from './operations/attention.js';
import { createDashboard, deleteDashboard, getDashboard, listDashboards, listPublic, updateDashboard } from './operations/dashboard-crud.js';
import { getPublicDashboard, getPublicMarkers, getPublicWidget, publicFigureData, publicFigureMapping } from './operations/public-dashboard.js';
import { createWidget, deleteWidget, getWidget, updateWidget, widgetConfiguration } from './operations/widget-crud.js';

export const dashboardRoutes = [
  listDashboards,
  listPublic,
  createDashboard,
  listAttention,
  widgetConfiguration,
  getDashboard,
  updateDashboard,
  deleteDashboard,
  createWidget,
  getWidget,
  updateWidget,
  deleteWidget,
  getPublicDashboard,
  getPublicWidget,
  getPublicMarkers,
  publicFigureData,
  publicFigureMapping,
];
