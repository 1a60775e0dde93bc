import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { InvoiceList } from './InvoiceList';

// The billing page and the detail page are chunks of their own.
const InvoiceEditPage = lazy(() => import('./InvoiceEditPage').then((m) => ({ default: m.InvoiceEditPage })));
const InvoiceDetailPage = lazy(() => import('./InvoiceDetailPage').then((m) => ({ default: m.InvoiceDetailPage })));

/** invoices, invoices/create (the project to bill), invoices/new/:projectId/:invoiceId? and invoices/:invoiceId (spec 02 §2). */
export function InvoiceRoutes() {
  return (
    <Routes>
      <Route index element={<InvoiceList />} />
      <Route path="create" element={<InvoiceList dialog="create" />} />
      <Route path="new/:projectId/:invoiceId?" element={<InvoiceEditPage />} />
      <Route path=":invoiceId" element={<InvoiceDetailPage />} />
    </Routes>
  );
}
