import { invoicesReport } from '../builders/invoices.js';
import { reportRoutes } from '../report-route.js';

export const invoicesReportRoutes = reportRoutes(
  'invoices',
  "billed, paid, outstanding and retainage held per client or project over the invoices whose day (dates: created or due) is within from–to (both included; left out, this year so far), and the ageing of what is outstanding as of the company's today; with subcontractorId, the invoices received from that subcontractor; every figure from the figures model",
  invoicesReport,
);
