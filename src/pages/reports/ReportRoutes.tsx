import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';

// Each report is its own chunk: the charts library comes with the first one opened.
const BudgetReportPage = lazy(() => import('./BudgetReportPage').then((m) => ({ default: m.BudgetReportPage })));
const ProjectProductionReportPage = lazy(() => import('./ProjectProductionReportPage').then((m) => ({ default: m.ProjectProductionReportPage })));
const InvoicesReportPage = lazy(() => import('./InvoicesReportPage').then((m) => ({ default: m.InvoicesReportPage })));
const FlightBoardPage = lazy(() => import('./FlightBoardPage').then((m) => ({ default: m.FlightBoardPage })));

/** The Reports group (spec 01 §2): reports/project-production, reports/invoices, reports/budget, reports/flight-board. */
export function ReportRoutes() {
  return (
    <Routes>
      <Route path="project-production" element={<ProjectProductionReportPage />} />
      <Route path="invoices" element={<InvoicesReportPage />} />
      <Route path="budget" element={<BudgetReportPage />} />
      <Route path="flight-board" element={<FlightBoardPage />} />
      <Route path="*" element={<Navigate to="project-production" replace />} />
    </Routes>
  );
}
