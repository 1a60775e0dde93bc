import { useInvalidate } from '@refinedev/core';
import { useCallback } from 'react';
import type { BudgetReview, ChangeOrder } from '../../../../resources/budget';
import { apiFetch } from '../../../api/http';
import { uploadFile } from '../../../api/upload';

/** The API paths of one project's budget (spec 02 §7 Budgets). */
export function budgetPaths(projectId: number, budgetId: number) {
  const budget = `/projects/${projectId}/budgets/${budgetId}`;
  return {
    budget,
    items: `${budget}/items/company`,
    parentItems: `${budget}/items/parent`,
    addItem: `${budget}/items`,
    addItems: `${budget}/items/multiple`,
    importPreview: `${budget}/items/import/preview`,
    import: `${budget}/items/import`,
    item: `${budget}/items/:id`,
    itemHistory: (budgetItemId: number) => `${budget}/items/${budgetItemId}/history`,
    submit: `${budget}/submit`,
    submitSinglePart: `${budget}/submitSinglePart`,
    comments: `${budget}/comments`,
    activity: `${budget}/activity`,
    reviews: `${budget}/reviews`,
    review: (reviewId: number) => `${budget}/reviews/${reviewId}`,
    sign: (reviewId: number) => `${budget}/reviews/${reviewId}/sign`,
    pdf: `${budget}/pdf`,
    changeOrders: `${budget}/change-orders`,
    changeOrder: (id: number) => `${budget}/change-orders/${id}`,
    distribution: (companyId: number, categoryId: number) => `/projects/${projectId}/budget-distribution/${companyId}/${categoryId}`,
    details: (companyId: number, categoryId: number) => `/projects/${projectId}/budget-details/${companyId}/${categoryId}`,
  };
}
export type BudgetPaths = ReturnType<typeof budgetPaths>;

/** Refine resource names of the budget's lists and figures, so one change refreshes what shows it. */
export const BUDGET_RESOURCES = {
  budget: 'budgets',
  items: 'budget-items',
  parentItems: 'budget-parent-items',
  reviews: 'budget-reviews',
  changeOrders: 'change-orders',
  comments: 'budget-comments',
  figures: 'budget-figures',
  activity: 'activity',
} as const;

/** After a change: the budget (status, totals), its lists, figures and activity load again. */
export function useBudgetRefresh() {
  const invalidate = useInvalidate();
  return useCallback(
    () =>
      Promise.all(
        Object.values(BUDGET_RESOURCES).map((resource) => invalidate({ resource, invalidates: ['all'] })),
      ).then(() => undefined),
    [invalidate],
  );
}

/** A form's text as the API's number: empty is 0 (spec 02 §5: a missing value becomes 0). */
export const wholeOrZero = (value: string) => (value.trim() === '' ? 0 : Number(value.trim()));
/** A price or percent as typed, for the server to read exactly (never through a float); empty is 0. */
export const decimalOrZero = (value: string) => (value.trim() === '' ? '0' : value.trim().replace(/,/g, ''));

export const submitBudget = (paths: BudgetPaths, singlePart: boolean, body: { retainagePercent: string; profitabilityPercent: string }) =>
  apiFetch(singlePart ? paths.submitSinglePart : paths.submit, { method: 'POST', body, quiet: true });

export const cancelSubmission = (paths: BudgetPaths) => apiFetch(paths.submit, { method: 'DELETE' });

/** A review asked of a member (memberId), or of the client's contact, who has no account. */
export const requestReview = (paths: BudgetPaths, reviewer: { memberId: number } | { contactEmail: string; contactName: string | null }) =>
  apiFetch<BudgetReview>(paths.reviews, { method: 'POST', body: reviewer, quiet: true });

export const revokeReview = (paths: BudgetPaths, reviewId: number) => apiFetch(paths.review(reviewId), { method: 'DELETE' });

export const rejectReview = (paths: BudgetPaths, reviewId: number, statusReason: string) =>
  apiFetch<BudgetReview>(paths.review(reviewId), { method: 'PATCH', body: { status: 'rejected', statusReason }, quiet: true });

/** Signing uploads the drawn signature; the server then approves the review with 'Approved budget'. */
export const signReview = (paths: BudgetPaths, reviewId: number, png: Blob, onProgress: (percent: number) => void) =>
  uploadFile<BudgetReview>(paths.sign(reviewId), { type: 'signature' }, new File([png], 'signature.png', { type: 'image/png' }), onProgress);

export const sendChangeOrder = (paths: BudgetPaths, id: number, price: string) =>
  apiFetch<ChangeOrder>(`${paths.changeOrder(id)}/send`, { method: 'POST', body: { price }, quiet: true });

export const acceptChangeOrder = (paths: BudgetPaths, id: number) => apiFetch<ChangeOrder>(`${paths.changeOrder(id)}/accept`, { method: 'POST' });

export const sendBackChangeOrder = (paths: BudgetPaths, id: number, message: string) =>
  apiFetch<ChangeOrder>(`${paths.changeOrder(id)}/reject`, { method: 'POST', body: { message }, quiet: true });

export const deleteChangeOrder = (paths: BudgetPaths, id: number) => apiFetch(paths.changeOrder(id), { method: 'DELETE' });

/** Mails a sent change order to its client contact again, with a fresh link. */
export const resendChangeOrder = (paths: BudgetPaths, id: number) => apiFetch<ChangeOrder>(`${paths.changeOrder(id)}/resend`, { method: 'POST' });

export const setChangeOrderContact = (paths: BudgetPaths, id: number, contact: { contactEmail: string; contactName: string | null }) =>
  apiFetch<ChangeOrder>(`${paths.changeOrder(id)}/contact`, { method: 'PATCH', body: contact, quiet: true });

/** A decision the client gave outside the product: its fields, and the proof as an upload when there is one. */
export const recordChangeOrderDecision = (paths: BudgetPaths, id: number, fields: Record<string, string>, file: File | null, onProgress: (percent: number) => void) =>
  file
    ? uploadFile<ChangeOrder>(`${paths.changeOrder(id)}/decision`, fields, file, onProgress)
    : apiFetch<ChangeOrder>(`${paths.changeOrder(id)}/decision`, { method: 'POST', body: fields, quiet: true }).then((r) => r.data);

export const changeOrderPdfPath = (paths: BudgetPaths, id: number) => `${paths.changeOrder(id)}/pdf`;
