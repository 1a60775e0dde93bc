import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import type { RoleName } from '../../../permissions';
import type { Production, ProductionItem, ProductionListRow } from '../../../resources/production';
import { MobileApp } from '../../../src/mobile/MobileApp';
import { fakeUser } from '../fixtures';
import { budgetItem, makeItem, makeProduction } from '../productions-fixtures';
import { makeProject } from '../projects-fixtures';

export { budgetItem };

const stamp = '2026-03-10T15:00:00.000Z';


const row = (p: Production): ProductionListRow => {
  const { taskId, texts, submittedAt, approvedAt, projectTimezone, items, reviews, stationIds, photoCount, commentCount, planMarks, planSheets, canEdit, canSubmit, canReview, canAmend, ...rest } = p;
  return rest;
};

/** A write the fake server received, with its Idempotency-Key. */
export interface Sent {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

let users = 100;

/**
 * The API a crew leader's phone talks to, in memory: North crew of Acme Paving records on Main
 * Street Paving (MSP-1) against three budget items. Every write is kept in `sent`.
 */
export function mobileStore(role: RoleName = 'CrewLeader') {
  const state = {
    // A user of their own per test: the phone keeps reads per person, so no test sees another's copy.
    user: fakeUser(role, { id: ++users }),
    productions: [] as Production[],
    budgetItems: [budgetItem(601, 'Curb and gutter', '42.50'), budgetItem(602, 'Sidewalk', '18.00'), budgetItem(603, 'Asphalt', '12.00')],
    sent: [] as Sent[],
    listQueries: [] as URLSearchParams[],
    /** Answers the next write with this instead. */
    refuse: null as { status: number; body: unknown } | null,
    nextId: 40,
  };
  const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1' }), makeProject(2, { projectName: 'Airport Utilities', code: 'APU-2', relation: 'client' })];
  const find = (id: unknown) => state.productions.find((p) => p.id === Number(id));
  const notFound = () => HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Production not found' } }, { status: 404 });

  const write = async (request: Request, path: string, answer: (body: any) => unknown, status = 200) => {
    const text = request.headers.get('content-type')?.includes('json') ? await request.text() : '';
    const body = text ? JSON.parse(text) : null;
    state.sent.push({ method: request.method, path, key: request.headers.get('idempotency-key'), body });
    if (state.refuse) {
      const refusal = state.refuse;
      state.refuse = null;
      return HttpResponse.json(refusal.body as object, { status: refusal.status });
    }
    return HttpResponse.json(answer(body) as object, { status });
  };
  const withItems = (p: Production, items: ProductionItem[]) => Object.assign(p, { items, itemCount: items.length });

  const handlers = [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: state.user })),
    http.get('/api/v1/production/crews', () => HttpResponse.json([{ id: 21, name: 'North crew', companyId: 7 }])),
    http.get('/api/v1/projects', () => HttpResponse.json(projects, { headers: { 'X-Total-Count': String(projects.length) } })),
    http.get('/api/v1/projects/:id/stations', () => HttpResponse.json([])),
    http.get('/api/v1/budgetItems', () => HttpResponse.json(state.budgetItems)),
    http.get('/api/v1/production', ({ request }) => {
      state.listQueries.push(new URL(request.url).searchParams);
      const rows = [...state.productions].sort((a, b) => b.date.localeCompare(a.date)).map(row);
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
    http.get('/api/v1/production/:id', ({ params }) => (find(params.id) ? HttpResponse.json(find(params.id)) : notFound())),
    http.get('/api/v1/production/:id/photos', () => HttpResponse.json([])),
    http.post('/api/v1/production/project/:projectId', ({ request, params }) =>
      write(
        request,
        `/production/project/${params.projectId}`,
        (body) => {
          const id = state.nextId++;
          const items = body.items.map((i: any, n: number) => {
            const b = state.budgetItems.find((x) => x.id === i.budgetItemId)!;
            return makeItem(id * 10 + n, { productionId: id, budgetItemId: b.id, itemName: b.itemName, itemCode: b.itemCode, quantity: i.quantity, description: i.description ?? null, photoCount: 0, photosNumber: 0 });
          });
          const created = withItems(makeProduction(id, { date: body.date, crewId: body.crewId, texts: body.texts, photoCount: 0 }), items);
          state.productions.push(created);
          return created;
        },
        201,
      ),
    ),
    http.post('/api/v1/production/item/:itemId/files', ({ request, params }) =>
      write(request, `/production/item/${params.itemId}/files`, () => [{ id: 900, fileId: 901, productionItemId: Number(params.itemId), name: 'photo.jpg', url: '/x', thumbnailUrl: null, createdAt: stamp }], 201),
    ),
    http.patch('/api/v1/production/:id/submit', ({ request, params }) =>
      write(request, `/production/${params.id}/submit`, () => Object.assign(find(params.id)!, { status: 'submitted', canEdit: false, canSubmit: false, canAmend: true })),
    ),
    http.post('/api/v1/production/:id/amend', ({ request, params }) =>
      write(request, `/production/${params.id}/amend`, () => Object.assign(find(params.id)!, { status: 'draft', rejectReason: null, canEdit: true, canSubmit: true, canAmend: false })),
    ),
    http.patch('/api/v1/production/:id/items', ({ request, params }) =>
      write(request, `/production/${params.id}/items`, (body) => {
        const p = find(params.id)!;
        for (const change of body.items) Object.assign(p.items.find((i) => i.id === change.id)!, { quantity: change.quantity });
        return p;
      }),
    ),
    http.patch('/api/v1/production/:id', ({ request, params }) =>
      write(request, `/production/${params.id}`, (body) => {
        const p = find(params.id)!;
        p.texts = { ...p.texts, ...body.texts };
        return p;
      }),
    ),
    http.delete('/api/v1/production/item/:itemId', ({ request, params }) =>
      write(request, `/production/item/${params.itemId}`, () => {
        const p = state.productions.find((x) => x.items.some((i) => i.id === Number(params.itemId)))!;
        withItems(p, p.items.filter((i) => i.id !== Number(params.itemId)));
        return null;
      }),
    ),
  ];
  return { state, handlers };
}

/** The phone client at `path`, as it opens under /app-mobile. */
export function renderMobile(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <MobileApp />
    </MemoryRouter>,
  );
}

/** The phone's connection, as navigator.onLine says it. */
export function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/**
 * IndexedDB keeps a photo's Blob as it is in a browser; under jsdom, fake-indexeddb's structuredClone
 * (Node's) turns jsdom's Blob into a plain object. Blobs are kept whole here, the rest cloned as before.
 */
export function keepBlobsInIndexedDb() {
  const clone = globalThis.structuredClone;
  const keep = (value: unknown): unknown => {
    if (value instanceof Blob) return value;
    if (Array.isArray(value)) return value.map(keep);
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keep(v)]));
    return clone(value);
  };
  globalThis.structuredClone = keep as typeof structuredClone;
}

/** The names of the files the outbox puts in its multipart bodies (msw does not read jsdom's back). */
export function recordFileParts(): string[] {
  const names: string[] = [];
  const append = FormData.prototype.append;
  vi.spyOn(FormData.prototype, 'append').mockImplementation(function (this: FormData, field: string, value: string | Blob, filename?: string) {
    const call = append as (...args: unknown[]) => void;
    if (typeof value === 'string') return call.call(this, field, value);
    names.push(`${field}=${filename}`);
    return call.call(this, field, value, filename);
  });
  return names;
}
