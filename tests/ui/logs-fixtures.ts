import { http, HttpResponse } from 'msw';
import type { RoleName } from '../../permissions';
import type { Locate, LocateDetail, LocateResponse } from '../../resources/locate';
import type { Log } from '../../resources/log';
import type { SessionUser } from '../../src/session/types';
import { fakeUser } from './fixtures';
import { makeProject } from './projects-fixtures';

const stamp = '2026-03-10T15:00:00.000Z';
const total = (rows: unknown[]) => ({ headers: { 'X-Total-Count': String(rows.length) } });

export function makeLog(id: number, overrides: Partial<Log> = {}): Log {
  return {
    id,
    companyId: 7,
    projectId: 1,
    projectCode: 'MSP-1',
    projectName: 'Main Street Paving',
    crewId: 21,
    crewName: 'North crew',
    userId: 1,
    userName: 'Dana Field',
    lat: 30.2672,
    lng: -97.7431,
    address: null,
    date: '2026-03-10',
    status: 'open',
    description: 'Milling the north lane',
    weather: { temperature: 21.4, windSpeed: 12.2, windDirection: 180, code: 61, summary: 'Rain', observedAt: '2026-03-10T15:00' },
    createdAt: stamp,
    updatedAt: stamp,
    canEdit: true,
    canReview: true,
    ...overrides,
  };
}

export function makeLocate(id: number, overrides: Partial<LocateDetail> = {}): LocateDetail {
  return {
    id,
    companyId: 7,
    ticketNumber: `TX-${id}`,
    projectId: 1,
    projectCode: 'MSP-1',
    projectName: 'Main Street Paving',
    clientId: null,
    clientName: null,
    address: `${id} Main St`,
    city: 'Austin',
    state: 'TX',
    lat: null,
    lng: null,
    digStartDate: '2026-03-01',
    expiresOn: '2026-12-31',
    status: 'open',
    expired: false,
    description: null,
    responseCount: 0,
    createdAt: stamp,
    updatedAt: stamp,
    responses: [],
    canManage: true,
    ...overrides,
  };
}

/** An in-memory logs and locates API for the UI tests, answering as resources/log.ts and locate.ts say; changes are kept in `sent`. */
export function fieldStore(role: RoleName = 'Owner', user: Partial<SessionUser> = {}) {
  const state = {
    logs: [makeLog(1), makeLog(2, { date: '2026-03-09', status: 'submitted', weather: null, crewName: 'South crew', userName: 'Lee Crew', description: 'Boring under the creek' })],
    locates: [] as LocateDetail[],
    sent: [] as Array<{ method: string; path: string; body: any }>,
    logQueries: [] as URLSearchParams[],
    locateQueries: [] as URLSearchParams[],
    nextId: 50,
  };
  const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1' })];
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    const body = text ? JSON.parse(text) : null;
    state.sent.push({ method: request.method, path, body });
    return body;
  };
  const notFound = () => HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
  const listRow = (l: LocateDetail): Locate => {
    const { responses, canManage, ...rest } = l;
    return rest;
  };
  const handlers = [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(role, user) })),
    http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite', mail: 'outbox', maxUploadMb: 5 })),
    http.get('/api/v1/users/me/views', () => HttpResponse.json([])),
    http.get('/api/v1/projects', () => HttpResponse.json(projects, total(projects))),
    http.get('/api/v1/projects/:id', ({ params }) => HttpResponse.json(projects.find((p) => p.id === Number(params.id)) ?? projects[0])),
    http.get('/api/v1/logs/crews', () => HttpResponse.json([{ id: 21, name: 'North crew', companyId: 7 }])),
    // No geocoder unless a test sets one: address fields stay plain text.
    http.get('/api/v1/geocode/*', () => HttpResponse.json({ error: { statusCode: 503, code: 'GEOCODING_OFF', message: 'off' } }, { status: 503 })),
    http.get('/api/v1/logs', ({ request }) => {
      state.logQueries.push(new URL(request.url).searchParams);
      const rows = [...state.logs].sort((a, b) => b.date.localeCompare(a.date));
      return HttpResponse.json(rows, total(rows));
    }),
    http.post('/api/v1/logs', async ({ request }) => {
      const body = await record(request, '/logs');
      const made = makeLog(state.nextId++, { ...body, date: body.dateString, weather: null, crewName: 'North crew' });
      state.logs.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.get('/api/v1/logs/:id/activity', () => HttpResponse.json([], total([]))),
    http.get('/api/v1/logs/:id', ({ params }) => {
      const l = state.logs.find((x) => x.id === Number(params.id));
      return l ? HttpResponse.json(l) : notFound();
    }),
    http.patch('/api/v1/logs/:id', async ({ request, params }) => {
      const body = await record(request, `/logs/${params.id}`);
      const l = state.logs.find((x) => x.id === Number(params.id))!;
      Object.assign(l, body);
      return HttpResponse.json(l);
    }),
    http.get('/api/v1/locates/all', ({ request }) => {
      state.locateQueries.push(new URL(request.url).searchParams);
      const rows = [...state.locates].sort((a, b) => a.expiresOn.localeCompare(b.expiresOn)).map(listRow);
      return HttpResponse.json(rows, total(rows));
    }),
    http.get('/api/v1/locates/:id/activity', () => HttpResponse.json([], total([]))),
    http.get('/api/v1/locates/:id', ({ params }) => {
      const l = state.locates.find((x) => x.id === Number(params.id));
      return l ? HttpResponse.json(l) : notFound();
    }),
    http.post('/api/v1/locates/:id/responses', async ({ request, params }) => {
      const body = await record(request, `/locates/${params.id}/responses`);
      const l = state.locates.find((x) => x.id === Number(params.id))!;
      const response: LocateResponse = { id: state.nextId++, locateId: l.id, utilityName: body.utilityName, status: body.status, note: body.note || null, respondedAt: body.respondedAt, createdAt: stamp, updatedAt: stamp };
      l.responses.push(response);
      return HttpResponse.json(l, { status: 201 });
    }),
    http.patch('/api/v1/locates/:id/responses/:responseId', async ({ request, params }) => {
      const body = await record(request, `/locates/${params.id}/responses/${params.responseId}`);
      const l = state.locates.find((x) => x.id === Number(params.id))!;
      Object.assign(l.responses.find((r) => r.id === Number(params.responseId))!, body);
      return HttpResponse.json(l);
    }),
  ];
  return { state, handlers };
}
