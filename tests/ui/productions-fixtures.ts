import { http, HttpResponse } from 'msw';
import type { RoleName } from '../../permissions';
import type { BudgetItem } from '../../resources/budget';
import type { Production, ProductionComment, ProductionCrewOption, ProductionItem, ProductionListRow, ProductionPhoto } from '../../resources/production';
import { fakeUser } from './fixtures';
import { makeProject } from './projects-fixtures';

const stamp = '2026-03-10T15:00:00.000Z';
const total = (rows: unknown[]) => ({ headers: { 'X-Total-Count': String(rows.length) } });

export function makeItem(id: number, overrides: Partial<ProductionItem> = {}): ProductionItem {
  return {
    id,
    productionId: 1,
    budgetItemId: 500 + id,
    itemId: 300 + id,
    itemName: `Item ${id}`,
    itemCode: `I-${id}`,
    unit: 'LF',
    quantity: '12.5',
    price: '10.00',
    amount: '125.00',
    photosNumber: 2,
    photoCount: 1,
    description: null,
    stationId: null,
    source: 'manual',
    plannedQuantity: '100',
    producedQuantity: '0',
    overBudget: false,
    invoiced: false,
    ...overrides,
  };
}

/** A production as GET /production/{id} answers it: a draft of Acme Paving's North crew on Main Street Paving, which the caller may change. */
export function makeProduction(id: number, overrides: Partial<Production> = {}): Production {
  return {
    id,
    projectId: 1,
    projectCode: 'MSP-1',
    projectName: 'Main Street Paving',
    companyId: 7,
    companyName: 'Acme Paving',
    crewId: 21,
    crewName: 'North crew',
    date: '2026-03-10',
    status: 'draft',
    itemCount: 2,
    amount: '1125.00',
    myReviewStatus: null,
    createdAt: stamp,
    updatedAt: stamp,
    taskId: null,
    texts: { notes: 'Milled the north lane', weather: 'Sunny' },
    rejectReason: null,
    submittedAt: null,
    approvedAt: null,
    projectTimezone: 'America/Chicago',
    items: [makeItem(1, { productionId: id }), makeItem(2, { productionId: id, itemName: 'Asphalt', quantity: '100', amount: '1000.00', overBudget: true, producedQuantity: '95', photosNumber: 0, photoCount: 0 })],
    reviews: [],
    stationIds: [],
    photoCount: 1,
    commentCount: 0,
    planMarks: [],
    planSheets: [],
    canEdit: true,
    canSubmit: true,
    canReview: false,
    canAmend: false,
    ...overrides,
  };
}

const row = (p: Production): ProductionListRow => {
  const { taskId, texts, submittedAt, approvedAt, projectTimezone, items, reviews, stationIds, photoCount, commentCount, planMarks, planSheets, canEdit, canSubmit, canReview, canAmend, ...rest } = p;
  return rest;
};

export const budgetItem = (id: number, name: string, price: string): BudgetItem => ({
  id,
  budgetId: 101,
  itemId: id - 200,
  itemName: name,
  itemCode: `B-${id}`,
  unit: 'SY',
  categoryId: null,
  categoryName: null,
  reportWeight: false,
  quantity: 1000,
  price,
  amount: '0.00',
  description: null,
  changeOrderCount: 0,
  pendingChangeOrders: 0,
  drawings: 0,
  planEvidence: null,
  createdAt: stamp,
  updatedAt: stamp,
});

/** An in-memory productions API for the UI tests, answering as resources/production.ts says; changes are kept in `sent`. */
export function productionStore() {
  const state = {
    role: 'Owner' as RoleName,
    productions: [makeProduction(1), makeProduction(2, { crewId: 22, crewName: 'South crew', date: '2026-03-09', status: 'submitted', canEdit: false, canSubmit: false })],
    crews: [
      { id: 21, name: 'North crew', companyId: 7 },
      { id: 22, name: 'South crew', companyId: 7 },
    ] as ProductionCrewOption[],
    budgetItems: [budgetItem(601, 'Curb and gutter', '42.50'), budgetItem(602, 'Sidewalk', '18.00')],
    photos: [{ id: 1, fileId: 91, productionItemId: 1, name: 'north-lane.jpg', url: '/api/v1/staticfiles/91', thumbnailUrl: null, createdAt: stamp }] as ProductionPhoto[],
    comments: [] as ProductionComment[],
    sent: [] as Array<{ method: string; path: string; body: unknown }>,
    listQueries: [] as URLSearchParams[],
    uploads: [] as Array<{ path: string; names: string[] }>,
    /** The names of the files the client appended to its multipart bodies (jsdom's bodies are not read back by msw). */
    parts: [] as string[],
    /** Holds upload answers until released, to see the bars below 100. */
    gate: null as Promise<void> | null,
    /** Answered instead of the next daily sheet download. */
    sheetFailure: null as { status: number; message: string } | null,
    nextId: 10,
  };
  const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1' }), makeProject(2, { projectName: 'Airport Utilities', code: 'APU-2', relation: 'client' })];

  const record = async (request: Request, path: string) => {
    const text = await request.text();
    const body = text ? JSON.parse(text) : null;
    state.sent.push({ method: request.method, path, body });
    return body;
  };
  const notFound = () => HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Production not found' } }, { status: 404 });
  const find = (id: unknown) => state.productions.find((p) => p.id === Number(id));

  const handlers = [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(state.role) })),
    http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite', mail: 'outbox', maxUploadMb: 5 })),
    http.get('/api/v1/users/me/views', () => HttpResponse.json([])),
    http.get('/api/v1/production', ({ request }) => {
      state.listQueries.push(new URL(request.url).searchParams);
      const rows = [...state.productions].sort((a, b) => b.date.localeCompare(a.date)).map(row);
      return HttpResponse.json(rows, total(rows));
    }),
    http.get('/api/v1/production/crews', () => HttpResponse.json(state.crews)),
    http.get('/api/v1/projects', () => HttpResponse.json(projects, total(projects))),
    http.get('/api/v1/projects/:id', ({ params }) => {
      const p = projects.find((x) => x.id === Number(params.id));
      return p ? HttpResponse.json(p) : notFound();
    }),
    http.get('/api/v1/projects/:id/stations', () =>
      HttpResponse.json([
        { id: 1, position: 0, name: 'North End', chainage: '0', description: null },
        { id: 2, position: 1, name: 'Bridge', chainage: '120.5', description: null },
      ]),
    ),
    http.get('/api/v1/budgetItems', () => HttpResponse.json(state.budgetItems, total(state.budgetItems))),
    http.post('/api/v1/production/project/:projectId', async ({ request, params }) => {
      const body = await record(request, `/production/project/${params.projectId}`);
      const taken = state.productions.find((p) => p.projectId === Number(params.projectId) && p.crewId === body.crewId && p.date === body.date);
      if (taken) {
        const message = 'This crew already has a production on this project that day';
        return HttpResponse.json({ error: { statusCode: 409, code: 'DUPLICATE', message, details: [{ field: 'date', message, existingId: taken.id }] } }, { status: 409 });
      }
      const made = makeProduction(state.nextId++, { crewId: body.crewId, date: body.date, items: [] });
      state.productions.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.get('/api/v1/production/:id', ({ params }) => {
      const p = find(params.id);
      return p ? HttpResponse.json(p) : notFound();
    }),
    http.patch('/api/v1/production/item/:id', async ({ request, params }) => {
      const body = await record(request, `/production/item/${params.id}`);
      for (const p of state.productions) {
        const item = p.items.find((i) => i.id === Number(params.id));
        if (item) {
          Object.assign(item, body);
          return HttpResponse.json(item);
        }
      }
      return notFound();
    }),
    http.delete('/api/v1/production/item/:id', async ({ request, params }) => {
      await record(request, `/production/item/${params.id}`);
      for (const p of state.productions) p.items = p.items.filter((i) => i.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/v1/production/:id/items', async ({ request, params }) => {
      const body = await record(request, `/production/${params.id}/items`);
      const p = find(params.id)!;
      for (const i of body.items) p.items.push(makeItem(state.nextId++, { budgetItemId: i.budgetItemId, quantity: i.quantity, photosNumber: i.photosNumber }));
      return HttpResponse.json(p, { status: 201 });
    }),
    http.patch('/api/v1/production/:id/submit', async ({ request, params }) => {
      await record(request, `/production/${params.id}/submit`);
      const p = find(params.id)!;
      Object.assign(p, { status: 'submitted', canEdit: false, canSubmit: false });
      return HttpResponse.json(p);
    }),
    http.patch('/api/v1/production/:id/stations', async ({ request, params }) => {
      const body = await record(request, `/production/${params.id}/stations`);
      const p = find(params.id)!;
      p.stationIds = body.stationIds;
      return HttpResponse.json(p);
    }),
    http.get('/api/v1/production/:id/photos', () => HttpResponse.json(state.photos)),
    http.post('/api/v1/production/:id/files', async ({ params }) => {
      const names = state.parts.splice(0);
      state.uploads.push({ path: `/production/${params.id}/files`, names });
      if (state.gate) await state.gate;
      const added = names.map((name, i): ProductionPhoto => ({ id: 100 + i, fileId: 200 + i, productionItemId: null, name, url: `/api/v1/staticfiles/${200 + i}`, thumbnailUrl: null, createdAt: stamp }));
      state.photos.push(...added);
      return HttpResponse.json(added, { status: 201 });
    }),
    http.get('/api/v1/comments/:id', () => HttpResponse.json(state.comments)),
    http.get('/api/v1/production/:id/activity', () => HttpResponse.json([], total([]))),
    http.get('/api/v1/production/:id/siblings', () => HttpResponse.json([])),
    http.get('/api/v1/production/:id/traces', () => HttpResponse.json([])),
    http.post('/api/v1/productions/:id/report/download', async ({ request, params }) => {
      await record(request, `/productions/${params.id}/report/download`);
      const failure = state.sheetFailure;
      if (failure) return HttpResponse.json({ error: { statusCode: failure.status, message: failure.message } }, { status: failure.status });
      return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="Daily_Production_Sheet_MSP-1_03102026.xlsx"' },
      });
    }),
    // Last: it would take every other POST /production/{id}/….
    http.post('/api/v1/production/:id/:move', async ({ request, params }) => {
      const move = String(params.move);
      if (!['approve', 'reject', 'amend'].includes(move)) return notFound();
      await record(request, `/production/${params.id}/${move}`);
      const p = find(params.id)!;
      const to = { approve: 'approved', reject: 'rejected', amend: 'draft' }[move] as Production['status'];
      Object.assign(p, { status: to, canReview: false });
      return HttpResponse.json(p);
    }),
  ];
  return { state, handlers };
}

/** Keeps the names of the files appended to multipart bodies in state.parts. */
export function recordFileNames(state: ReturnType<typeof productionStore>['state']) {
  const append = FormData.prototype.append;
  return vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, field: string, value: string | Blob, filename?: string) {
    if (typeof value !== 'string') state.parts.push(filename ?? 'blob');
    const call = append as (...args: unknown[]) => void;
    // A third argument, even undefined, makes jsdom want a Blob.
    return typeof value !== 'string' ? call.call(this, field, value, filename) : call.call(this, field, value);
  });
}
