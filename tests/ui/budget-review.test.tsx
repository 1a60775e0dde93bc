import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { BUDGET_MESSAGES, type ExternalBudgetReview } from '../../resources/budget';
import type { ExternalReviewOutcome } from '../../resources/budget-review';
import { drawOn, expectPngPart, externalReview, parts, refused, stubCanvas } from './budget-fixtures';
import { fakeToken, fakeUser } from './fixtures';
import { renderApp } from './render-app';

const B = 'b'.repeat(32);
const R = 'r'.repeat(43);
const PUBLIC = `/api/v1/public/budget-review/${B}/${R}`;
const page = (action: string) => `/projects/5/budget/${B}/review/${R}/${action}`;

let view: ExternalBudgetReview;
let budgetAfterApproval: 'approved' | 'submitted' = 'approved';

/** What approve and reject answer: the decided review, project and budget, and how long the PDF link works. */
function outcome(review: Partial<ExternalBudgetReview['review']>, budgetStatus: 'approved' | 'submitted' | 'rejected'): ExternalReviewOutcome {
  const { items: _items, ...rest } = externalReview(review);
  return { ...rest, budget: { ...rest.budget, status: budgetStatus }, pdfAvailableUntil: budgetStatus === 'approved' ? '2026-12-01T09:00:00.000Z' : null };
}
let decisions: Array<{ verb: string; fields: Record<string, unknown>; authorization: string | null }> = [];

const server = setupServer(
  http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser('Owner') })),
  http.get(PUBLIC, () => HttpResponse.json(view)),
  http.post(`${PUBLIC}/approve`, async ({ request }) => {
    const form = await request.formData();
    decisions.push({ verb: 'approve', fields: { type: form.get('type'), name: form.get('name'), file: form.has('file') }, authorization: request.headers.get('authorization') });
    return HttpResponse.json(outcome({ status: 'approved', statusReason: 'Approved budget' }, budgetAfterApproval));
  }),
  http.post(`${PUBLIC}/reject`, async ({ request }) => {
    const body = (await request.json()) as { reason: string };
    decisions.push({ verb: 'reject', fields: body, authorization: request.headers.get('authorization') });
    return HttpResponse.json(outcome({ status: 'rejected', statusReason: body.reason }, 'rejected'));
  }),
);
let restoreCanvas: () => void;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  restoreCanvas = stubCanvas();
});
beforeEach(() => {
  view = externalReview();
  budgetAfterApproval = 'approved';
  decisions = [];
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => {
  server.close();
  restoreCanvas();
});

describe('the external budget review page', () => {
  it('shows the budget without signing in or the app chrome, and approves with a drawn signature and the name', async () => {
    const sent = parts();
    const user = userEvent.setup();
    renderApp(page('review'));
    expect(await screen.findByRole('heading', { name: 'Budget review' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByText('Main Street Repaving (MS-1)')).toBeInTheDocument();
    expect(screen.getByText('City Of Austin')).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Budget items' });
    expect(within(items).getByText('Stop Bar')).toBeInTheDocument();
    expect(within(items).getByText('$411.50')).toBeInTheDocument();
    expect(within(items).getByText('$12,345.00')).toBeInTheDocument();
    expect(screen.getByText('$13,579.50')).toBeInTheDocument();
    expect(screen.getByText('Retainage (10 %)')).toBeInTheDocument();
    // 'review' only shows the page.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve and sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and sign' });
    const name = within(dialog).getByRole('textbox', { name: 'Your full name' });
    expect(name).toHaveValue('Rita Reviewer');
    const sign = within(dialog).getByRole('button', { name: 'Sign' });
    expect(sign).toBeDisabled();
    drawOn(within(dialog).getByRole('img', { name: /Signature pad/ }));
    await waitFor(() => expect(sign).toBeEnabled());
    await user.clear(name);
    expect(sign).toBeDisabled();
    await user.type(name, 'Rita M. Reviewer');
    await user.click(sign);

    expect(await screen.findByText('Budget approved. Thank you.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download signed PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve and sign' })).not.toBeInTheDocument();
    expect(screen.getByText(/This link downloads the signed PDF until/)).toBeInTheDocument();
    expect(decisions).toEqual([{ verb: 'approve', fields: { type: 'signature', name: 'Rita M. Reviewer', file: true }, authorization: null }]);
    await expectPngPart(sent);
  });

  it("shows each item's plan drawings: a link into the editor at the first one where the reader may open it, else the count", async () => {
    const [asphalt, stopBar] = view.items;
    view = { ...view, items: [{ ...asphalt!, drawings: 2, planEvidence: { fileId: 9, pageNumber: 3, layerItemId: 77 } }, { ...stopBar!, drawings: 1, planEvidence: null }] };
    renderApp(page('review'));
    const items = await screen.findByRole('table', { name: 'Budget items' });
    const link = within(items).getByRole('link', { name: '2 drawings on the plan' });
    // Back from the editor to this review page.
    expect(link.getAttribute('href')).toMatch(new RegExp(`/editor\\?fileId=9&returnTo=${encodeURIComponent(page('review'))}&page=3$`));
    expect(within(items).getByText('1 drawing on the plan')).toBeInTheDocument();
    expect(within(items).queryByRole('link', { name: '1 drawing on the plan' })).not.toBeInTheDocument();
  });

  it('shows the first 200 items and adds the next page on Show more items; the totals cover them all', async () => {
    const line = (i: number) => ({ id: 1000 + i, itemName: `Line ${i}`, itemCode: null, unit: 'ea', quantity: 1, price: '1.00', amount: '1.00', description: null });
    const asked: string[] = [];
    server.use(
      http.get(PUBLIC, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const start = Number(url.searchParams.get('_start') ?? 0);
        const end = Math.min(Number(url.searchParams.get('_end') ?? start + 200), 450);
        const base = externalReview();
        return HttpResponse.json({ ...base, budget: { ...base.budget, itemCount: 450, total: '450.00' }, items: Array.from({ length: Math.max(0, end - start) }, (_, i) => line(start + i)) });
      }),
    );
    const user = userEvent.setup();
    renderApp(page('review'));
    const table = await screen.findByRole('table', { name: 'Budget items' });
    expect(within(table).getAllByRole('row')).toHaveLength(201);
    expect(screen.getByText('$450.00')).toBeInTheDocument();
    expect(screen.getByText('Showing 200 of 450 items; the totals cover all of them.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByText('Showing 400 of 450 items; the totals cover all of them.')).toBeInTheDocument();
    expect(within(table).getByText('Line 399')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more items' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(451));
    expect(within(table).getByText('Line 449')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more items' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?_start=0&_end=200', '?_start=200&_end=400', '?_start=400&_end=600']);
    // Deciding stays at hand.
    expect(screen.getByRole('button', { name: 'Approve and sign' })).toBeInTheDocument();
  });

  it('keeps the items shown and offers Show more items again when a page fails to load', async () => {
    let fail = false;
    server.use(
      http.get(PUBLIC, () => {
        if (fail) return HttpResponse.json({ error: { statusCode: 500, message: 'Try again later', code: 'INTERNAL' }, statusCode: 500, message: 'Try again later' }, { status: 500 });
        const base = externalReview();
        return HttpResponse.json({ ...base, budget: { ...base.budget, itemCount: 3 } });
      }),
    );
    const user = userEvent.setup();
    renderApp(page('review'));
    expect(await screen.findByText('Showing 2 of 3 items; the totals cover all of them.')).toBeInTheDocument();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByText(/Try again later/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more items' })).toBeEnabled();
    expect(within(screen.getByRole('table', { name: 'Budget items' })).getByText('Stop Bar')).toBeInTheDocument();
  });

  it('opens the reject dialog at once for a reject link, and needs a reason', async () => {
    const user = userEvent.setup();
    renderApp(page('reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the budget' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject budget' }));
    expect(await within(dialog).findByText(BUDGET_MESSAGES.reason)).toBeInTheDocument();
    expect(decisions).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The unit prices are above the bid.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject budget' }));
    expect(await screen.findByText('Budget rejected. Acme Paving will read your reason: “The unit prices are above the bid.”')).toBeInTheDocument();
    expect(decisions).toEqual([{ verb: 'reject', fields: { reason: 'The unit prices are above the bid.' }, authorization: null }]);
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it("shows the server's message and nothing to press for a used link", async () => {
    server.use(http.get(PUBLIC, () => refused(410, BUDGET_MESSAGES.linkUsed)));
    renderApp(page('approve'));
    expect(await screen.findByText(BUDGET_MESSAGES.linkUsed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows on the page the server's message when an approval fails, and the buttons stay", async () => {
    const message = 'The signature could not be read';
    server.use(http.post(`${PUBLIC}/approve`, () => refused(400, message)));
    const user = userEvent.setup();
    // Someone signed in to the app opens the link: the page is the same.
    localStorage.setItem('fieldwork.accessToken', fakeToken());
    renderApp(page('approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and sign' });
    await user.click(within(dialog).getByRole('button', { name: 'Type' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Type your signature' }), 'Rita Reviewer');
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Approve and sign' })).toBeInTheDocument();
  });

  it('offers no PDF yet when other reviewers still have to approve', async () => {
    budgetAfterApproval = 'submitted';
    const user = userEvent.setup();
    renderApp(page('approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and sign' });
    drawOn(within(dialog).getByRole('img', { name: /Signature pad/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Your signature is recorded; the budget is approved once every reviewer has approved it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download signed PDF' })).not.toBeInTheDocument();
  });

  it('opened again after a signed approval, shows it decided with the PDF the link still serves, and nothing to decide', async () => {
    view = { ...externalReview({ status: 'approved', statusReason: 'Approved budget' }), pdfAvailableUntil: '2026-12-04T09:00:00.000Z' };
    view.budget = { ...view.budget, status: 'approved' };
    renderApp(page('review'));
    expect(await screen.findByText('Budget approved. Thank you.', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByText(/This link downloads the signed PDF until Dec 4, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download signed PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve and sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});
