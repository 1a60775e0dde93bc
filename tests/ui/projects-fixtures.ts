import { http, HttpResponse } from 'msw';
import type { RoleName } from '../../permissions';
import { canMoveProject, type Project, type ProjectFile, type ProjectMembership, type ProjectOverview, type ProjectPerson, type ProjectStatus, type Station } from '../../resources/project';
import { fakeUser } from './fixtures';

const stamp = '2026-03-01T10:00:00.000Z';

/** A project as the API answers it, run by Acme Paving (company 7) unless told. */
export function makeProject(id: number, overrides: Partial<Project> = {}): Project {
  return {
    id,
    companyId: 7,
    companyName: 'Acme Paving',
    projectName: `Project ${id}`,
    code: `P-${id}`,
    projectNumber: null,
    address: null,
    country: 'US',
    state: 'TX',
    city: 'Austin',
    startDate: '2026-03-02',
    endDate: '2026-09-30',
    clientId: null,
    clientName: null,
    clientEmail: null,
    projectId: null,
    parentName: null,
    powoNumber: null,
    timezone: 'America/Chicago',
    marketId: null,
    marketName: null,
    isSinglePart: false,
    requireQuantityOnPDFDraw: false,
    taskBasedProduction: false,
    pdfScaleFactor: null,
    boundariesSettings: {},
    mapSettings: {},
    scheduleSettings: {},
    lat: null,
    lng: null,
    status: 'active',
    suspendedShutdownReason: null,
    suspendStart: null,
    suspendEnd: null,
    suspendReason: null,
    folderId: 50 + id,
    budgetId: 100 + id,
    subProjectCount: 0,
    relation: 'owner',
    canManage: true,
    createdAt: stamp,
    updatedAt: stamp,
    ...overrides,
  };
}

const total = (rows: unknown[]) => ({ headers: { 'X-Total-Count': String(rows.length) } });

/**
 * An in-memory projects API for the UI tests, answering as resources/project.ts says. Every call
 * that changes something is kept in `sent` as method, path and body.
 */
export function projectStore() {
  const state = {
    role: 'Owner' as RoleName,
    projects: [
      makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1', clientId: 40, clientName: 'City Of Austin', clientEmail: 'roads@austin.example' }),
      makeProject(2, { projectName: 'Airport Utilities', code: 'APU-2', status: 'planned', startDate: null, endDate: null }),
    ],
    stations: new Map<number, Station[]>([
      [
        1,
        [
          { id: 1, position: 0, name: 'North End', chainage: '0', description: null },
          { id: 2, position: 1, name: 'Bridge', chainage: '120.5', description: 'Over the creek' },
          { id: 3, position: 2, name: 'South End', chainage: '400', description: null },
        ],
      ],
    ]),
    files: [{ id: 900, projectId: 1, type: 'contract', name: 'signed-contract.pdf', contentType: 'application/pdf', length: 120_000, url: '/api/v1/staticfiles/signed-900', uploadedBy: 'Dana Field', createdAt: stamp }] as Array<
      ProjectFile & { projectId: number }
    >,
    memberships: [] as ProjectMembership[],
    crewCompanies: [] as Array<{ projectId: number; companyId: number; name: string; contactName: string | null; contactEmail: string | null; addedAt: string }>,
    /** Answered instead of the next PATCH /projects/{id}, once. */
    patchFailure: null as { status: number; message: string; details?: Array<{ field: string; message: string }> } | null,
    /** Holds upload answers until released, to see the bars below 100. */
    gate: null as Promise<void> | null,
    sent: [] as Array<{ method: string; path: string; body: unknown }>,
    /** The query of every GET /projects, in order. */
    listQueries: [] as URLSearchParams[],
    /** The paths uploads were sent to, in order. */
    uploads: [] as string[],
    /** Files of the company's file manager that POST …/files/{type}/existing copies (the test fills it). */
    managerFiles: [] as Array<{ id: number; name: string; contentType: string; length: number }>,
    /** The query of every GET /projects/{id}/people, in order. */
    peopleQueries: [] as string[],
    nextId: 10,
  };

  const record = async (request: Request, path: string) => {
    const text = await request.text();
    const body = text ? JSON.parse(text) : null;
    state.sent.push({ method: request.method, path, body });
    return body;
  };
  const notFound = () => HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Project not found' } }, { status: 404 });
  const find = (id: unknown) => state.projects.find((p) => p.id === Number(id));
  const overview = (p: Project): ProjectOverview => ({
    projectId: p.id,
    status: p.status,
    budgetStatus: 'approved',
    budgetItemCount: 12,
    plannedAmount: '1234567.50',
    changeOrderAmount: '2500.00',
    pendingChangeOrders: 1,
    producedAmount: '0.00',
    billedAmount: '0.00',
    memberCount: state.memberships.filter((m) => m.projectId === p.id).length,
    fileCount: state.files.filter((f) => f.projectId === p.id).length,
    subProjectCount: state.projects.filter((x) => x.projectId === p.id).length,
    crewCompanyCount: state.crewCompanies.filter((c) => c.projectId === p.id).length,
    stationCount: state.stations.get(p.id)?.length ?? 0,
    daysElapsed: 30,
    daysTotal: 212,
  });
  /** GET /projects/{id}/people: the running company's people, then the client's. */
  const projectPeople: ProjectPerson[] = [
    { id: 10, name: 'Dana Field', email: 'dana@example.com', companyId: 7, companyName: 'Acme Paving', side: 'owner' },
    { id: 11, name: 'Sam Rivera', email: 'sam@example.com', companyId: 7, companyName: 'Acme Paving', side: 'owner' },
    { id: 30, name: 'Jordan Reyes', email: 'jordan@austin.example', companyId: 40, companyName: 'City Of Austin', side: 'client' },
  ];
  const projectRoles = [
    { id: 71, name: 'Project Manager', companyId: null, scopeType: 'project', scopeId: 1, isDefault: true, assignable: true, permissions: [] },
    { id: 72, name: 'Field', companyId: null, scopeType: 'project', scopeId: 1, isDefault: true, assignable: true, permissions: [] },
  ];
  const partnership = (id: number, type: 'client' | 'subcontractor', partnerId: number, name: string, markets: Array<{ id: number; name: string }> = []) => ({
    id,
    type,
    clientId: type === 'client' ? partnerId : 7,
    subcontractorId: type === 'client' ? 7 : partnerId,
    partnerId,
    name,
    contactName: 'Pat Jones',
    contactEmail: `pat@${name.split(' ').join('').toLowerCase()}.example`,
    status: 'active',
    declineReason: null,
    side: 'host',
    endedAt: null,
    endedBy: null,
    markets,
    createdAt: stamp,
    updatedAt: stamp,
  });
  const clients = [partnership(5, 'client', 40, 'City Of Austin', [{ id: 8, name: 'Austin North' }])];
  const subcontractors = [partnership(6, 'subcontractor', 41, 'Lone Star Striping')];

  const handlers = [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(state.role) })),
    http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite', mail: 'outbox', maxUploadMb: 5 })),
    http.get('/api/v1/projects', ({ request }) => {
      state.listQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(state.projects, total(state.projects));
    }),
    http.post('/api/v1/companies/:companyId/projects', async ({ request, params }) => {
      const body = await record(request, `/companies/${params.companyId}/projects`);
      const client = clients.find((c) => c.partnerId === body.clientId);
      const made = makeProject(state.nextId++, {
        ...body,
        status: 'planned',
        clientName: body.clientName ?? client?.name ?? null,
        parentName: find(body.projectId)?.projectName ?? null,
      });
      state.projects.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.get('/api/v1/projects/:id', ({ params }) => {
      const p = find(params.id);
      return p ? HttpResponse.json(p) : notFound();
    }),
    http.patch('/api/v1/projects/:id', async ({ params, request }) => {
      const body = await record(request, `/projects/${params.id}`);
      const p = find(params.id);
      if (!p) return notFound();
      const failure = state.patchFailure;
      state.patchFailure = null;
      if (failure) return HttpResponse.json({ error: { statusCode: failure.status, message: failure.message, details: failure.details } }, { status: failure.status });
      if (body.status && !canMoveProject(p.status, body.status as ProjectStatus)) {
        return HttpResponse.json({ error: { statusCode: 409, code: 'CONFLICT', message: `A ${p.status} project cannot become ${body.status}` } }, { status: 409 });
      }
      Object.assign(p, body, { updatedAt: new Date().toISOString() });
      return HttpResponse.json(p);
    }),
    http.delete('/api/v1/projects/:id', async ({ params, request }) => {
      await record(request, `/projects/${params.id}`);
      state.projects = state.projects.filter((p) => p.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/v1/companies/:companyId/projects/parent', () => {
      const rows = state.projects.filter((p) => p.projectId === null && p.relation !== 'client');
      return HttpResponse.json(rows, total(rows));
    }),
    http.get('/api/v1/partnerships/list/client', () => HttpResponse.json(clients, total(clients))),
    http.get('/api/v1/partnerships/list/subcontractor', () => HttpResponse.json(subcontractors, total(subcontractors))),
    http.get('/api/v1/market/prefix/:text', ({ params }) =>
      HttpResponse.json({ markets: [{ id: 8, name: 'Austin North' }, { id: 9, name: 'Austin South' }].filter((m) => m.name.toLowerCase().startsWith(String(params.text).toLowerCase())) }),
    ),
    http.get('/api/v1/projects/:id/report/overview', ({ params }) => {
      const p = find(params.id);
      return p ? HttpResponse.json(overview(p)) : notFound();
    }),
    http.get('/api/v1/projects/:id/files', ({ params, request }) => {
      const type = new URL(request.url).searchParams.get('type');
      const rows = state.files.filter((f) => f.projectId === Number(params.id) && (!type || f.type === type));
      return HttpResponse.json(rows, total(rows));
    }),
    http.post('/api/v1/projects/:id/files/:type/existing', async ({ params, request }) => {
      const body = await record(request, `/projects/${params.id}/files/${params.type}/existing`);
      const added = (body.fileIds as number[]).map((fileId) => {
        const source = state.managerFiles.find((f) => f.id === fileId)!;
        return {
          id: state.nextId++,
          projectId: Number(params.id),
          type: params.type as ProjectFile['type'],
          name: source.name,
          contentType: source.contentType,
          length: source.length,
          url: `/api/v1/staticfiles/signed-copy-${fileId}`,
          uploadedBy: 'Dana Field',
          createdAt: stamp,
        };
      });
      state.files.push(...added);
      return HttpResponse.json({ files: added }, { status: 201 });
    }),
    http.post('/api/v1/projects/:id/files/:type', async ({ params }) => {
      state.uploads.push(`/projects/${params.id}/files/${params.type}`);
      if (state.gate) await state.gate;
      const stored = {
        id: state.nextId++,
        projectId: Number(params.id),
        type: params.type as ProjectFile['type'],
        // jsdom's XHR drops the file name on the way; the test names what it sent.
        name: `uploaded-${state.uploads.length}.pdf`,
        contentType: 'application/pdf',
        length: 1000,
        url: '/api/v1/staticfiles/signed-new',
        uploadedBy: 'Dana Field',
        createdAt: stamp,
      };
      state.files.push(stored);
      return HttpResponse.json({ files: [stored], errors: [] }, { status: 201 });
    }),
    http.delete('/api/v1/filesNew/:id', async ({ params, request }) => {
      await record(request, `/filesNew/${params.id}`);
      state.files = state.files.filter((f) => f.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/v1/projects/:id/memberships', ({ params }) => {
      const rows = state.memberships.filter((m) => m.projectId === Number(params.id));
      return HttpResponse.json(rows, total(rows));
    }),
    http.post('/api/v1/projects/:id/memberships', async ({ params, request }) => {
      const body = await record(request, `/projects/${params.id}/memberships`);
      const projectId = Number(params.id);
      state.memberships = [
        ...state.memberships.filter((m) => m.projectId !== projectId),
        ...(body.memberships as Array<{ id: number; roleId: number }>).map((e, i) => {
          const person = projectPeople.find((p) => p.id === e.id)!;
          return {
            id: 500 + i,
            projectId,
            companyMembershipId: e.id,
            companyId: person.companyId,
            companyName: person.companyName,
            userId: e.id,
            name: person.name,
            email: person.email,
            roleId: e.roleId,
            roleName: projectRoles.find((r) => r.id === e.roleId)!.name,
            createdAt: stamp,
          };
        }),
      ];
      return HttpResponse.json(state.memberships.filter((m) => m.projectId === projectId));
    }),
    http.get('/api/v1/roles/project/:projectId/assignable', () => HttpResponse.json(projectRoles, total(projectRoles))),
    http.get('/api/v1/projects/:id/people', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      state.peopleQueries.push(q);
      const rows = projectPeople.filter((p) => `${p.name} ${p.email}`.toLowerCase().includes(q.toLowerCase()));
      return HttpResponse.json(rows, total(rows));
    }),
    http.get('/api/v1/projects/:id/stations', ({ params }) => {
      const rows = state.stations.get(Number(params.id)) ?? [];
      return HttpResponse.json(rows, total(rows));
    }),
    http.patch('/api/v1/projects/:id/stations', async ({ params, request }) => {
      const body = await record(request, `/projects/${params.id}/stations`);
      const rows = (body.stations as Array<Omit<Station, 'id' | 'position'>>).map((s, i) => ({ ...s, id: 200 + i, position: i }));
      state.stations.set(Number(params.id), rows);
      return HttpResponse.json(rows);
    }),
    http.get('/api/v1/projects/:id/crew-companies', ({ params }) => {
      const rows = state.crewCompanies.filter((c) => c.projectId === Number(params.id));
      return HttpResponse.json(rows, total(rows));
    }),
    http.post('/api/v1/projects/:id/crew-companies', async ({ params, request }) => {
      const body = await record(request, `/projects/${params.id}/crew-companies`);
      const sub = subcontractors.find((s) => s.partnerId === body.companyId)!;
      const row = { projectId: Number(params.id), companyId: sub.partnerId, name: sub.name, contactName: sub.contactName, contactEmail: sub.contactEmail, addedAt: stamp };
      state.crewCompanies.push(row);
      return HttpResponse.json(row, { status: 201 });
    }),
    http.delete('/api/v1/projects/:id/crew-companies/:companyId', async ({ params, request }) => {
      await record(request, `/projects/${params.id}/crew-companies/${params.companyId}`);
      state.crewCompanies = state.crewCompanies.filter((c) => !(c.projectId === Number(params.id) && c.companyId === Number(params.companyId)));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/v1/projects/:id/sub-projects/0', ({ params }) => {
      const rows = state.projects.filter((p) => p.projectId === Number(params.id));
      return HttpResponse.json(rows, total(rows));
    }),
    http.get('/api/v1/companies/7/activity', () => HttpResponse.json([], total([]))),
  ];
  return { state, handlers };
}
