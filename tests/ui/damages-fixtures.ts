import { http, HttpResponse } from 'msw';
import type { RoleName } from '../../permissions';
import type { Damage, DamageDetail, DamageFile } from '../../resources/damage';
import { DAMAGE_MOVES } from '../../resources/damage';
import { fakeUser } from './fixtures';
import { makeProject } from './projects-fixtures';

const stamp = '2026-03-10T15:00:00.000Z';
const total = (rows: unknown[]) => ({ headers: { 'X-Total-Count': String(rows.length) } });

export function makeDamage(id: number, overrides: Partial<DamageDetail> = {}): DamageDetail {
  const status = overrides.status ?? 'reported';
  return {
    id,
    companyId: 7,
    projectId: 1,
    projectCode: 'MSP-1',
    projectName: 'Main Street Paving',
    damageDate: '2026-03-05',
    safetyAuthorityId: 31,
    safetyAuthorityName: 'Texas 811',
    damageTypeId: 41,
    damageTypeName: 'Gas line strike',
    description: 'Struck a service line',
    address: '12 Main St',
    city: 'Austin',
    state: 'TX',
    lat: 30.27,
    lng: -97.74,
    amount: '1234.50',
    status,
    reportedById: 1,
    reportedByName: 'Dana Field',
    createdAt: stamp,
    updatedAt: stamp,
    projectTimezone: 'America/Chicago',
    fileCount: 1,
    proofCount: 0,
    nextStatuses: [...DAMAGE_MOVES[status]],
    ...overrides,
  };
}

/** An API of damages in memory: the list, one damage, its files, and what the client sent. */
export function damageStore(role: RoleName = 'Claims') {
  const state = {
    role,
    damages: [makeDamage(5), makeDamage(4, { damageDate: '2026-02-01', status: 'claimed', amount: null, city: 'Round Rock' })],
    files: [{ id: 90, category: 'files', name: 'hole.jpg', contentType: 'image/jpeg', length: 2048, url: '/x', downloadUrl: '/x?d', uploadedBy: 'Dana Field', createdAt: stamp }] as DamageFile[],
    listQueries: [] as URLSearchParams[],
    sent: [] as Array<{ method: string; path: string; body: unknown }>,
  };
  const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1' })];
  const handlers = [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(state.role) })),
    http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite', maxUploadMb: 5 })),
    http.get('/api/v1/users/me/views', () => HttpResponse.json([])),
    http.get('/api/v1/projects', () => HttpResponse.json(projects, total(projects))),
    http.get('/api/v1/companies/7/damage-types', () => HttpResponse.json([{ id: 41, name: 'Gas line strike' }], total([1]))),
    http.get('/api/v1/companies/7/safety-authorities', () => HttpResponse.json([{ id: 31, name: 'Texas 811' }], total([1]))),
    http.get('/api/v1/damages', ({ request }) => {
      state.listQueries.push(new URL(request.url).searchParams);
      const rows: Damage[] = state.damages.map(({ fileCount, proofCount, nextStatuses, ...row }) => row);
      return HttpResponse.json(rows, total(rows));
    }),
    http.post('/api/v1/damages', async ({ request }) => {
      const body = await request.json();
      state.sent.push({ method: 'POST', path: '/damages', body });
      const made = makeDamage(6, body as Partial<DamageDetail>);
      state.damages.unshift(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.get('/api/v1/damages/:id', ({ params }) => {
      const found = state.damages.find((d) => d.id === Number(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Damage not found', statusCode: 404 }, { status: 404 });
    }),
    http.patch('/api/v1/damages/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<DamageDetail>;
      state.sent.push({ method: 'PATCH', path: `/damages/${params.id}`, body });
      const i = state.damages.findIndex((d) => d.id === Number(params.id));
      const { nextStatuses: _moves, ...was } = state.damages[i]!;
      state.damages[i] = makeDamage(was.id, { ...was, ...body });
      return HttpResponse.json(state.damages[i]);
    }),
    http.get('/api/v1/damages/:id/files', ({ request }) => {
      const category = new URL(request.url).searchParams.get('category');
      return HttpResponse.json(state.files.filter((f) => !category || f.category === category));
    }),
    http.post('/api/v1/damages/:id/files/:category', async ({ params }) => {
      state.sent.push({ method: 'POST', path: `/damages/${params.id}/files/${params.category}`, body: null });
      const added: DamageFile = { id: 91, category: params.category as 'proof', name: 'estimate.pdf', contentType: 'application/pdf', length: 4096, url: '/y', downloadUrl: '/y?d', uploadedBy: 'Dana Field', createdAt: stamp };
      state.files.push(added);
      return HttpResponse.json([added], { status: 201 });
    }),
    http.get('/api/v1/damages/:id/activity', () =>
      HttpResponse.json(
        [
          { id: 2, entityType: 'damage', entityId: '5', action: 'status changed', changes: { status: { from: 'reported', to: 'in_repair' }, nextStatuses: { from: ['claimed'], to: ['closed'] } }, createdAt: stamp, actor: { id: 1, name: 'Dana Field' } },
          { id: 1, entityType: 'damage', entityId: '5', action: 'created', changes: {}, createdAt: stamp, actor: { id: 1, name: 'Dana Field' } },
        ],
        total([1, 2]),
      ),
    ),
  ];
  return { state, handlers };
}
