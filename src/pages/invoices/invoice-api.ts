import { useInvalidate } from '@refinedev/core';
import { useCallback } from 'react';
import type { CreateInvoiceInput, Invoice } from '../../../resources/invoice';
import { apiFetch } from '../../api/http';

/** The API paths of one invoice (spec 02 §7 Invoices; resources/invoice.ts). */
export function invoicePaths(invoiceId: number | string) {
  const invoice = `/invoices/${invoiceId}`;
  return {
    invoice,
    send: `${invoice}/send`,
    resend: `${invoice}/resend`,
    contact: `${invoice}/contact`,
    decision: `${invoice}/decision`,
    approve: `${invoice}/approve`,
    approveSinglePart: `${invoice}/approveSinglePart`,
    reject: `${invoice}/reject`,
    paid: (kind: 'paid' | 'partially_paid') => `${invoice}/paid/${kind}`,
    cancel: `${invoice}/cancelled`,
    transaction: `${invoice}/transaction`,
    comments: `${invoice}/comments`,
    activity: `${invoice}/activity`,
    pdf: `${invoice}/pdf`,
  };
}
export type InvoicePaths = ReturnType<typeof invoicePaths>;

/** Refine resource names of what one invoice shows, so a move refreshes all of it. */
export const INVOICE_RESOURCES = { invoice: 'invoices', comments: 'invoice-comments', activity: 'activity' } as const;

export function useInvoiceRefresh() {
  const invalidate = useInvalidate();
  return useCallback(
    () => Promise.all(Object.values(INVOICE_RESOURCES).map((resource) => invalidate({ resource, invalidates: ['all'] }))).then(() => undefined),
    [invalidate],
  );
}

/** The body as typed: money and percents stay text for the server to read exactly. */
export type InvoiceBody = Omit<CreateInvoiceInput, 'retainage' | 'productions' | 'contactEmail' | 'contactName'> & {
  retainage: string;
  productions: Array<{ id: number; items: Array<{ id: number }> }>;
};

export const createInvoice = (companyId: number, body: InvoiceBody & { contactEmail: string | null; contactName: string | null }) =>
  apiFetch<Invoice>(`/invoices/${companyId}`, { method: 'POST', body, quiet: true });

export const updateInvoice = (id: number | string, body: Omit<InvoiceBody, 'projectId' | 'clientId' | 'status'>) =>
  apiFetch<Invoice>(`/invoices/${id}`, { method: 'PATCH', body, quiet: true });

export const sendInvoice = (paths: InvoicePaths, quiet = false) => apiFetch<Invoice>(paths.send, { method: 'PATCH', quiet });

export const postInvoice = (path: string, body?: unknown) => apiFetch<Invoice>(path, { method: 'POST', body, quiet: true });
