import { http, HttpResponse } from 'msw';
import type { RoleName } from '../../permissions';
import type { BillableProduction, Invoice, InvoiceComment, InvoiceLine } from '../../resources/invoice';
import { fakeUser } from './fixtures';
import { makeProject } from './projects-fixtures';

const stamp = '2026-03-10T15:00:00.000Z';
const total = (rows: unknown[]) => ({ headers: { 'X-Total-Count': String(rows.length) } });

export function makeLine(id: number, productionId: number, overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    id,
    productionId,
    productionDate: '2026-03-05',
    crewName: 'North Crew',
    productionItemId: 500 + id,
    budgetItemId: 300 + id,
    itemName: `Item ${id}`,
    itemCode: `IT-${id}`,
    unit: 'LF',
    quantity: '3',
    price: '10.00',
    amount: '30.00',
    planEvidence: [],
    ...overrides,
  };
}

/** An invoice as GET /invoices/{id} answers it, sent by Acme Paving (company 7) to the City Of Austin unless told. */
export function makeInvoice(id: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id,
    number: `INV-${id}`,
    companyId: 7,
    companyName: 'Acme Paving',
    projectId: 1,
    projectCode: 'MSP-1',
    projectName: 'Main Street Paving',
    clientId: 40,
    clientName: 'City Of Austin',
    status: 'draft',
    dueDate: '2026-04-09',
    weekEndingDate: '2026-03-07',
    direction: 'sent',
    createdAt: stamp,
    updatedAt: stamp,
    subtotal: '100.00',
    retainagePercent: 10,
    retainage: '10.00',
    released: '0.00',
    due: '90.00',
    paid: '0.00',
    balance: '90.00',
    notes: null,
    singlePart: false,
    rejectReason: null,
    cancelReason: null,
    sentAt: null,
    approvedAt: null,
    paidAt: null,
    lines: [makeLine(1, 70, { amount: '30.00' }), makeLine(2, 70, { amount: '70.00', quantity: '7' })],
    transactions: [],
    billTo: { name: 'City Of Austin', address: '301 W 2nd St, Austin, TX 78701', email: 'ap@austin.example' },
    powoNumber: 'PO-7781',
    projectTimezone: 'America/Chicago',
    issuer: { name: 'Acme Paving', address: '100 Main Street\nAustin TX 78701', logoUrl: null, remitTo: 'PO Box 12\nAustin TX', footerNotes: 'Thank you for your business.', paymentTermsDays: 30 },
    contact: { email: 'ap@austin.example', name: 'Ann Payable' },
    contactRequired: true,
    turn: null,
    decisions: [],
    moves: [],
    ...overrides,
  };
}

export function makeBillable(id: number, items: Array<Partial<BillableProduction['items'][number]> & { id: number }>, overrides: Partial<BillableProduction> = {}): BillableProduction {
  return {
    id,
    date: '2026-03-05',
    crewName: 'North Crew',
    companyName: 'Acme Paving',
    items: items.map((i) => ({ budgetItemId: 300 + i.id, itemName: `Item ${i.id}`, itemCode: null, unit: 'LF', quantity: '1', price: '0.10', amount: '0.10', onThisInvoice: false, ...i })),
    ...overrides,
  };
}

/** An in-memory invoices API for the UI tests; every call that changes something is kept in `sent`. */
export function invoiceStore() {
  const state = {
    role: 'Owner' as RoleName,
    invoices: [makeInvoice(1)] as Invoice[],
    billable: [] as BillableProduction[],
    comments: [] as InvoiceComment[],
    listQueries: [] as URLSearchParams[],
    billableQueries: [] as URLSearchParams[],
    sent: [] as Array<{ method: string; path: string; body: unknown }>,
    settings: { invoiceNumberPrefix: 'INV-', nextInvoiceNumber: 7, paymentTermsDays: 30, defaultRetainagePercent: '5', remitTo: null, footerNotes: null },
    /** The project's budget's retainage percent; 0 leaves the company's default to a new invoice. */
    budgetRetainage: 0,
  };
  const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1', clientId: 40, clientName: 'City Of Austin' }), makeProject(3, { projectName: 'Their Job', code: 'TJ-3', relation: 'client', canManage: false })];
  const find = (id: unknown) => state.invoices.find((i) => i.id === Number(id));
  const notFound = () => HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Invoice not found' }, statusCode: 404, message: 'Invoice not found' }, { status: 404 });
  const keep = async (request: Request, path: string) => {
    const text = await request.text();
    state.sent.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
  };
  const move = (verb: string, apply: (invoice: Invoice, body: any) => Partial<Invoice>) =>
    http.all(`/api/v1/invoices/:id/${verb}`, async ({ request, params }) => {
      const invoice = find(params.id);
      if (!invoice) return notFound();
      await keep(request, new URL(request.url).pathname.replace('/api/v1', ''));
      const body = state.sent.at(-1)!.body;
      Object.assign(invoice, apply(invoice, body));
      return HttpResponse.json(invoice);
    });

  const handlers = [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(state.role) })),
    http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite', mail: 'outbox', maxUploadMb: 5 })),
    http.get('/api/v1/companies/7', () => HttpResponse.json({ id: 7, name: 'Acme Paving', invoiceSettings: state.settings })),
    http.get('/api/v1/companies/7/activity', () => HttpResponse.json([], total([]))),
    http.get('/api/v1/projects', () => HttpResponse.json(projects, total(projects))),
    http.get('/api/v1/projects/:id', ({ params }) => {
      const project = projects.find((p) => p.id === Number(params.id));
      return project ? HttpResponse.json(project) : HttpResponse.json({ error: { statusCode: 404, message: 'Project not found' } }, { status: 404 });
    }),
    http.get('/api/v1/projects/:id/budgets/:budgetId', ({ params }) => HttpResponse.json({ id: Number(params.budgetId), retainagePercent: state.budgetRetainage })),
    http.get('/api/v1/partnerships/list/subcontractor', () => HttpResponse.json([], total([]))),
    http.get('/api/v1/invoices', ({ request }) => {
      const query = new URL(request.url).searchParams;
      state.listQueries.push(query);
      const statuses = query.getAll('status');
      const rows = state.invoices.filter((i) => !statuses.length || statuses.includes(i.status));
      return HttpResponse.json(rows, total(rows));
    }),
    // Pages as the server does (_start/_end, date_gte/date_lte, X-Has-More); state.billable is in the server's order.
    http.get('/api/v1/billable-productions/:projectId', ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.billableQueries.push(q);
      const from = q.get('date_gte') ?? '';
      const to = q.get('date_lte') ?? '9999-12-31';
      const rows = state.billable.filter((p) => p.items.some((i) => i.onThisInvoice) || (p.date >= from && p.date <= to));
      const start = Number(q.get('_start') ?? 0);
      const end = Number(q.get('_end') ?? start + 25);
      return HttpResponse.json(rows.slice(start, end), { headers: { 'X-Has-More': String(end < rows.length) } });
    }),
    http.get('/api/v1/invoices/:id/comments', () => HttpResponse.json(state.comments, total(state.comments))),
    http.post('/api/v1/invoices/:id/comments', async ({ request, params }) => {
      await keep(request, `/invoices/${params.id}/comments`);
      const body = state.sent.at(-1)!.body as { comment: string };
      const comment: InvoiceComment = { id: state.comments.length + 1, invoiceId: Number(params.id), companyId: 7, companyName: 'Acme Paving', authorName: 'Dana Field', body: body.comment, createdAt: stamp };
      state.comments.unshift(comment);
      return HttpResponse.json(comment, { status: 201 });
    }),
    http.get('/api/v1/invoices/:id/activity', () => HttpResponse.json([], total([]))),
    move('send', () => ({ status: 'submit', moves: ['resend', 'changeContact', 'recordDecision', 'cancel'] })),
    move('resend', () => ({})),
    move('contact', (_i, body) => ({ contact: { email: body.contactEmail, name: body.contactName } })),
    move('decision', (_i, body) => ({ status: body.decision === 'approved' ? 'unpaid' : 'rejected', moves: [] })),
    move('approve', () => ({ status: 'unpaid', moves: [] })),
    move('approveSinglePart', () => ({ status: 'unpaid', moves: [] })),
    move('reject', (_i, body) => ({ status: 'rejected', rejectReason: body.reason, moves: [] })),
    move('cancelled', (_i, body) => ({ status: 'cancelled', cancelReason: body.reason, moves: [] })),
    move('paid/:kind', () => ({})),
    move('transaction', () => ({})),
    http.get('/api/v1/invoices/:id', ({ params }) => {
      const invoice = find(params.id);
      return invoice ? HttpResponse.json(invoice) : notFound();
    }),
    http.patch('/api/v1/invoices/:id', async ({ request, params }) => {
      const invoice = find(params.id);
      if (!invoice) return notFound();
      await keep(request, `/invoices/${params.id}`);
      return HttpResponse.json(invoice);
    }),
    http.post('/api/v1/invoices/:companyId', async ({ request, params }) => {
      await keep(request, `/invoices/${params.companyId}`);
      const body = state.sent.at(-1)!.body as { status: string };
      const created = makeInvoice(9, { status: body.status as Invoice['status'] });
      state.invoices.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
  ];
  return { state, handlers };
}
