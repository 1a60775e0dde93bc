import { http, HttpResponse } from 'msw';
import type { RoleName } from '../../permissions';
import { canMoveTask, illegalMoveMessage, type Task, type TaskComment, type TaskStatus } from '../../resources/task';
import { fakeUser } from './fixtures';
import { makeProject } from './projects-fixtures';

const stamp = '2026-03-10T15:00:00.000Z';
const total = (rows: unknown[]) => ({ headers: { 'X-Total-Count': String(rows.length) } });

/** A task as GET /tasks/{id} answers it: the North crew's, on Main Street Paving, which the caller may change. */
export function makeTask(id: number, overrides: Partial<Task> = {}): Task {
  return {
    id,
    companyId: 7,
    projectId: 1,
    projectCode: 'MSP-1',
    projectName: 'Main Street Paving',
    typeId: 5,
    typeName: 'Survey',
    crewId: 21,
    crewName: 'North crew',
    summary: `Task ${id}`,
    address: '12 Main St',
    city: 'Springfield',
    state: 'IL',
    country: 'US',
    startDate: '2026-03-02',
    endDate: '2026-03-04',
    status: 'open',
    priority: 'normal',
    rejectReason: null,
    position: id,
    createdAt: stamp,
    updatedAt: stamp,
    canEdit: true,
    canMove: true,
    projectTimezone: 'America/Denver',
    description: 'Mark the old main',
    createdBy: 1,
    createdByName: 'Olivia Owner',
    items: [{ id: 1, budgetItemId: 601, itemName: 'Curb and gutter', itemCode: 'B-601', unit: 'LF', price: '42.50', quantity: '12.345', description: null }],
    ...overrides,
  };
}

/** An in-memory tasks API for the UI tests, moving tasks through the shared state machine as the server does. */
export function taskStore() {
  const state = {
    role: 'Owner' as RoleName,
    tasks: [makeTask(1, { summary: 'Mark the trench' }), makeTask(2, { summary: 'Pour the curb', status: 'progress' }), makeTask(3, { summary: 'Old job', status: 'completed' })],
    comments: [] as TaskComment[],
    sent: [] as Array<{ method: string; path: string; body: unknown }>,
    listQueries: [] as URLSearchParams[],
    nextId: 10,
  };
  const projects = [makeProject(1, { projectName: 'Main Street Paving', code: 'MSP-1' })];
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    const body = text ? JSON.parse(text) : null;
    state.sent.push({ method: request.method, path, body });
    return body;
  };
  const find = (id: unknown) => state.tasks.find((t) => t.id === Number(id));
  const notFound = () => HttpResponse.json({ error: { statusCode: 404, code: 'NOT_FOUND', message: 'Task not found' }, statusCode: 404, message: 'Task not found' }, { status: 404 });

  const handlers = [
    http.get('/api/v1/users/me', () => HttpResponse.json({ user: fakeUser(state.role) })),
    http.get('/api/v1/health', () => HttpResponse.json({ status: 'ok', db: 'sqlite', mail: 'outbox', maxUploadMb: 5 })),
    http.get('/api/v1/users/me/views', () => HttpResponse.json([])),
    http.get('/api/v1/projects', () => HttpResponse.json(projects, total(projects))),
    http.get('/api/v1/projects/:id', ({ params }) => HttpResponse.json(projects.find((p) => p.id === Number(params.id)))),
    http.get('/api/v1/tasks/crews', () => HttpResponse.json([{ id: 21, name: 'North crew' }])),
    http.get('/api/v1/companies/:id/task-types', () => HttpResponse.json([{ id: 5, name: 'Survey' }], total([1]))),
    http.get('/api/v1/budgetItems', () => HttpResponse.json([], total([]))),
    http.get('/api/v1/tasks', ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.listQueries.push(q);
      const status = q.getAll('status');
      const rows = state.tasks.filter((t) => !status.length || status.includes(t.status)).sort((a, b) => a.position - b.position);
      return HttpResponse.json(rows, total(rows));
    }),
    http.get('/api/v1/tasks/:id', ({ params }) => {
      const t = find(params.id);
      return t ? HttpResponse.json(t) : notFound();
    }),
    http.patch('/api/v1/tasks/:id', async ({ request, params }) => {
      const body = await record(request, `/tasks/${params.id}`);
      const t = find(params.id)!;
      const to = (body.status === 'approved' ? 'progress' : body.status ?? t.status) as TaskStatus;
      if (!canMoveTask(t.status, to)) {
        const message = illegalMoveMessage(t.status, to);
        return HttpResponse.json({ error: { statusCode: 409, code: 'ILLEGAL_TRANSITION', message }, statusCode: 409, message }, { status: 409 });
      }
      Object.assign(t, body, { status: to });
      return HttpResponse.json(t);
    }),
    http.post('/api/v1/projects/:id/tasks', async ({ request, params }) => {
      const body = await record(request, `/projects/${params.id}/tasks`);
      const made = makeTask(state.nextId++, { summary: body.summary, status: body.status, items: [] });
      state.tasks.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.get('/api/v1/tasks/:id/comments', () => HttpResponse.json(state.comments)),
    http.post('/api/v1/tasks/:id/comments', async ({ request, params }) => {
      const body = await record(request, `/tasks/${params.id}/comments`);
      const c = { id: state.nextId++, taskId: Number(params.id), authorName: 'Olivia Owner', body: body.comment, createdAt: stamp, mine: true };
      state.comments.push(c);
      return HttpResponse.json(c, { status: 201 });
    }),
    http.get('/api/v1/tasks/:id/files', () => HttpResponse.json([])),
    http.get('/api/v1/tasks/:id/activity', () =>
      HttpResponse.json([{ id: 1, entityType: 'task', entityId: '1', action: 'created', changes: {}, createdAt: stamp, actor: { id: 1, name: 'Olivia Owner' } }], total([1])),
    ),
  ];
  return { state, handlers };
}
