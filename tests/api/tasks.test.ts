import { TASK_MOVES, TASK_STATUSES, type TaskStatus } from '../../resources/task.js';
import { call } from './budgets-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { createProject } from './project-helpers.js';
import { createTask, storedTasks, taskWorld, type TaskWorld } from './tasks-helpers.js';

const STATUSES = TASK_STATUSES.map((s) => s.value);

describeEachDatabase('tasks: fields, the save rule and the state machine', (server) => {
  let s: TestServer;
  let w: TaskWorld;
  beforeAll(async () => {
    s = server();
    w = await taskWorld(s);
  });

  it('creates a task with every field and decimal item quantities, and reads it back', async () => {
    const task = await createTask(s, w, {
      typeId: w.types.survey,
      summary: 'Locate the old main',
      description: 'Before the boring crew comes',
      address: '12 Main St',
      city: 'Springfield',
      state: 'IL',
      country: 'US',
      startDate: '2026-03-02',
      endDate: '2026-03-04',
      priority: 'high',
      items: [
        { budgetItemId: w.budgetItems.asphalt, quantity: '12.345' },
        { budgetItemId: w.budgetItems.pipe, quantity: 0.5 },
      ],
    });
    expect(task).toMatchObject({
      projectId: w.projectId,
      typeName: 'Survey',
      crewName: 'Paving crew',
      summary: 'Locate the old main',
      city: 'Springfield',
      startDate: '2026-03-02',
      endDate: '2026-03-04',
      status: 'open',
      priority: 'high',
      rejectReason: null,
      canEdit: true,
    });
    expect(task.items.map((i) => [i.itemName, i.quantity])).toEqual([
      ['Asphalt', '12.345'],
      ['Pipe', '0.5'],
    ]);
    const read = await call(s, w.people.ownerCrew)('GET', `/tasks/${task.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: task.id, canEdit: false, canMove: false, createdByName: expect.any(String) });
    const stored = await s.services.db.selectFrom('task_items').select('quantity_e3').where('task_id', '=', task.id).orderBy('id').execute();
    expect(stored.map((r) => Number(r.quantity_e3))).toEqual([12345, 500]);
  });

  it('the save rule: approved is saved as progress; rejected and discarded keep the reason, any other status clears it', async () => {
    const created = await createTask(s, w, { status: 'approved', rejectReason: 'ignored' });
    expect(created).toMatchObject({ status: 'progress', rejectReason: null });
    const patch = (body: Record<string, unknown>) => call(s, w.people.owner)('PATCH', `/tasks/${created.id}`, body);
    expect((await patch({ status: 'rejected', rejectReason: 'Wrong street' })).body).toMatchObject({ status: 'rejected', rejectReason: 'Wrong street' });
    // Other fields of a rejected task change; the reason stays.
    expect((await patch({ summary: 'Renamed' })).body).toMatchObject({ status: 'rejected', rejectReason: 'Wrong street' });
    expect((await patch({ status: 'open' })).body).toMatchObject({ status: 'open', rejectReason: null });
    expect((await patch({ status: 'discarded', rejectReason: 'Not needed' })).body).toMatchObject({ status: 'discarded', rejectReason: 'Not needed' });
    expect((await patch({ status: 'open', rejectReason: 'kept?' })).body).toMatchObject({ status: 'open', rejectReason: null });
    expect((await patch({ status: 'approved' })).body).toMatchObject({ status: 'progress', rejectReason: null });
    // Discarding needs no reason; rejecting does.
    expect((await patch({ status: 'discarded' })).body).toMatchObject({ status: 'discarded', rejectReason: null });
    await patch({ status: 'open' });
    const noReason = await patch({ status: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details[0].field).toBe('rejectReason');
  });

  it('every legal move passes and every illegal one is a 409 that changes nothing', async () => {
    const into = async (status: TaskStatus) => {
      // The shortest legal path from open.
      const task = await createTask(s, w, { status: status === 'progress' ? 'progress' : 'open' });
      if (status === 'completed' || status === 'discarded') await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { status });
      if (status === 'rejected') await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { status, rejectReason: 'No' });
      return task.id;
    };
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        if (from === to) continue;
        const id = await into(from);
        const before = await storedTasks(s);
        const res = await call(s, w.people.owner)('PATCH', `/tasks/${id}`, { status: to, ...(to === 'rejected' ? { rejectReason: 'Because' } : {}) });
        if (TASK_MOVES[from].includes(to)) {
          expect([from, to, res.status, res.body.status]).toEqual([from, to, 200, to]);
        } else {
          expect([from, to, res.status]).toEqual([from, to, 409]);
          expect(res.body.error.code).toBe('ILLEGAL_TRANSITION');
          expect(await storedTasks(s)).toEqual(before);
        }
      }
    }
  });

  it('a new task starts open or in progress (400 otherwise)', async () => {
    for (const status of ['completed', 'rejected', 'discarded']) {
      const res = await call(s, w.people.owner)('POST', `/projects/${w.projectId}/tasks`, { summary: 'x', status, rejectReason: 'r' });
      expect([status, res.status]).toEqual([status, 400]);
    }
  });

  it('bad input is a 400 that changes nothing: unknown crew, type, budget item, impossible dates, bad quantities', async () => {
    const other = await createProject(s, w.owner.token, w.owner.companyId, { projectName: 'Other job' });
    const [otherItem] = (await call(s, w.owner)('POST', `/projects/${other.id}/budgets/${other.budgetId}/items/multiple`, { items: [{ itemId: w.items.asphalt, quantity: 5, price: 1 }] })).body;
    const task = await createTask(s, w);
    const before = await storedTasks(s);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ summary: '' }, 'summary'],
      [{ summary: 'x', crewId: w.crews.stranger }, 'crewId'],
      [{ summary: 'x', crewId: w.crews.boring }, 'crewId'],
      [{ summary: 'x', crewId: 999999 }, 'crewId'],
      [{ summary: 'x', typeId: w.types.stranger }, 'typeId'],
      [{ summary: 'x', startDate: '2026-02-30' }, 'startDate'],
      [{ summary: 'x', endDate: '2026-13-01' }, 'endDate'],
      [{ summary: 'x', startDate: '2026-03-05', endDate: '2026-03-01' }, 'endDate'],
      [{ summary: 'x', priority: 'asap' }, 'priority'],
      [{ summary: 'x', status: 'done' }, 'status'],
      [{ summary: 'x', items: [{ budgetItemId: w.budgetItems.asphalt, quantity: '1.2345' }] }, 'items'],
      [{ summary: 'x', items: [{ budgetItemId: w.budgetItems.asphalt, quantity: -1 }] }, 'items'],
      [{ summary: 'x', items: [{ budgetItemId: otherItem.id, quantity: 1 }] }, 'items.0.budgetItemId'],
      [{ summary: 'x', items: [{ budgetItemId: w.budgetItems.asphalt, quantity: 1 }, { budgetItemId: w.budgetItems.asphalt, quantity: 2 }] }, 'items'],
      [{ summary: 'x', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await call(s, w.people.owner)('POST', `/projects/${w.projectId}/tasks`, body);
      expect([field, res.status]).toEqual([field, 400]);
      expect(JSON.stringify(res.body)).toContain(field.split('.')[0]);
      const patch = await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, body);
      expect([field, 'patch', patch.status]).toEqual([field, 'patch', 400]);
    }
    const dates = await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { startDate: '2026-05-02' });
    expect(dates.status).toBe(200);
    expect((await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { endDate: '2026-05-01' })).status).toBe(400);
    expect((await call(s, w.people.owner)('GET', '/tasks?startDate_gte=2026-02-30')).status).toBe(400);
    await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { startDate: null });
    const after = await storedTasks(s);
    expect(after.items).toEqual(before.items);
    expect(after.tasks.length).toBe(before.tasks.length);
  });

  it('who may do what: tasks:view reads, tasks:manage changes, a crew leader moves their crew\'s task to progress or completed', async () => {
    const task = await createTask(s, w);
    const crew = call(s, w.people.ownerCrew);
    const leader = call(s, w.people.ownerLeader);
    expect((await crew('GET', `/tasks/${task.id}`)).status).toBe(200);
    expect((await crew('PATCH', `/tasks/${task.id}`, { status: 'progress' })).status).toBe(403);
    expect((await crew('POST', `/projects/${w.projectId}/tasks`, { summary: 'x' })).status).toBe(403);
    expect((await crew('DELETE', `/tasks/${task.id}`)).status).toBe(403);
    expect((await leader('POST', `/projects/${w.projectId}/tasks`, { summary: 'x' })).status).toBe(403);
    expect((await leader('PATCH', `/tasks/${task.id}`, { summary: 'Mine now' })).status).toBe(403);
    expect((await leader('PATCH', `/tasks/${task.id}`, { status: 'discarded' })).status).toBe(403);
    const started = await leader('PATCH', `/tasks/${task.id}`, { status: 'progress', position: 5 });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'progress', position: 5, canEdit: false, canMove: true });
    expect((await leader('PATCH', `/tasks/${task.id}`, { status: 'completed' })).body.status).toBe('completed');
    // Another crew's task: the leader reads it but does not move it.
    const other = await createTask(s, w, { crewId: null });
    expect((await leader('PATCH', `/tasks/${other.id}`, { status: 'progress' })).status).toBe(403);
    const list = await leader('GET', `/tasks?id=${task.id}&id=${other.id}&_sort=id&_order=asc`);
    expect(list.body.map((t: any) => t.canMove)).toEqual([true, false]);
    // A subcontractor works on the project: its own tasks there; a client reads the project but keeps no tasks on it.
    expect((await call(s, w.people.sub)('POST', `/projects/${w.projectId}/tasks`, { summary: 'Bore', crewId: w.crews.boring })).status).toBe(201);
    expect((await call(s, w.people.client)('POST', `/projects/${w.projectId}/tasks`, { summary: 'x' })).status).toBe(403);
    expect((await call(s, w.people.stranger)('POST', `/projects/${w.projectId}/tasks`, { summary: 'x' })).status).toBe(404);
  });

  it("the crews a task may name: the acting company's, for anyone who sees tasks (a crew leader too), not another company's", async () => {
    const leader = await call(s, w.people.ownerLeader)('GET', '/tasks/crews');
    expect(leader.status).toBe(200);
    expect(leader.body.map((c: any) => c.id)).toContain(w.crews.paving);
    expect(leader.body.map((c: any) => c.id)).not.toContain(w.crews.boring);
    expect(Object.keys(leader.body[0]).sort()).toEqual(['id', 'name']);
    const sub = await call(s, w.people.sub)('GET', '/tasks/crews');
    expect(sub.body.map((c: any) => c.id)).toContain(w.crews.boring);
    expect(sub.body.map((c: any) => c.id)).not.toContain(w.crews.paving);
  });

  it("another company's tasks are 404 on every call", async () => {
    const task = await createTask(s, w);
    const before = await storedTasks(s);
    for (const who of [w.people.stranger, w.people.sub, w.people.client]) {
      const as = call(s, who);
      expect((await as('GET', `/tasks/${task.id}`)).status).toBe(404);
      expect((await as('PATCH', `/tasks/${task.id}`, { status: 'progress' })).status).toBe(404);
      expect((await as('DELETE', `/tasks/${task.id}`)).status).toBe(404);
      expect((await as('GET', `/tasks/${task.id}/comments`)).status).toBe(404);
      expect((await as('POST', `/tasks/${task.id}/comments`, { comment: 'hi' })).status).toBe(404);
      expect((await as('GET', `/tasks/${task.id}/activity`)).status).toBe(404);
      expect((await as('GET', `/tasks/${task.id}/files`)).status).toBe(404);
      expect((await as('DELETE', `/tasks/${task.id}/files/1`)).status).toBe(404);
      const list = await as('GET', `/tasks?id=${task.id}`);
      expect(list.body).toEqual([]);
    }
    expect((await call(s, w.people.stranger)('GET', `/projects/${w.projectId}/tasks`)).status).toBe(404);
    expect(await storedTasks(s)).toEqual(before);
  });

  it('lists page, sort and filter in SQL with X-Total-Count; a project lists its own', async () => {
    const other = await createProject(s, w.owner.token, w.owner.companyId, { projectName: 'Filter job' });
    const mk = (body: Record<string, unknown>) => call(s, w.people.owner)('POST', `/projects/${other.id}/tasks`, { summary: 'Filter me', ...body });
    await mk({ summary: 'Pour curb ramp', priority: 'urgent', startDate: '2027-01-05', endDate: '2027-01-06', city: 'Shelbyville' });
    await mk({ summary: 'Sweep', priority: 'low', startDate: '2027-01-20', crewId: w.crews.paving, typeId: w.types.survey });
    await mk({ summary: 'Cone the lane', status: 'progress', startDate: '2027-02-01' });
    const get = (q: string) => call(s, w.people.owner)('GET', `/projects/${other.id}/tasks?${q}`);
    const all = await get('_sort=startDate&_order=asc');
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.body.map((t: any) => t.summary)).toEqual(['Pour curb ramp', 'Sweep', 'Cone the lane']);
    expect((await get('priority=urgent')).body.map((t: any) => t.summary)).toEqual(['Pour curb ramp']);
    expect((await get('status=progress')).body.map((t: any) => t.summary)).toEqual(['Cone the lane']);
    expect((await get(`crewId=${w.crews.paving}`)).body.map((t: any) => t.summary)).toEqual(['Sweep']);
    expect((await get(`typeId=${w.types.survey}`)).body.map((t: any) => t.summary)).toEqual(['Sweep']);
    expect((await get('startDate_gte=2027-01-10&startDate_lte=2027-01-31')).body.map((t: any) => t.summary)).toEqual(['Sweep']);
    expect((await get('q=curb')).body.map((t: any) => t.summary)).toEqual(['Pour curb ramp']);
    expect((await get('q=shelbyville')).body.map((t: any) => t.summary)).toEqual(['Pour curb ramp']);
    const paged = await get('_start=1&_end=2&_sort=startDate&_order=asc');
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.body.map((t: any) => t.summary)).toEqual(['Sweep']);
    const everywhere = await call(s, w.people.owner)('GET', `/tasks?projectId=${other.id}&status=open&_sort=startDate&_order=desc`);
    expect(everywhere.body.map((t: any) => t.summary)).toEqual(['Sweep', 'Pour curb ramp']);
    expect((await call(s, w.people.owner)('GET', '/tasks?colour=red')).status).toBe(400);
    expect((await call(s, w.people.owner)('GET', '/tasks?_sort=projectName')).status).toBe(400);
    const unfiltered = await call(s, w.people.owner)('GET', '/tasks');
    const counted = await s.services.db.selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', w.owner.companyId).executeTakeFirstOrThrow();
    expect(unfiltered.headers['x-total-count']).toBe(String(counted.n));
  });

  it('a board move with a position orders the column', async () => {
    const a = await createTask(s, w, { summary: 'Board A', status: 'progress' });
    const b = await createTask(s, w, { summary: 'Board B', status: 'progress' });
    // A new card enters at the top of its column.
    expect(b.position).toBeLessThan(a.position);
    const moved = await call(s, w.people.owner)('PATCH', `/tasks/${b.id}`, { position: a.position + 0.5 });
    expect(moved.body.position).toBe(a.position + 0.5);
    const column = await call(s, w.people.owner)('GET', `/tasks?status=progress&id=${a.id}&id=${b.id}&_sort=position&_order=asc`);
    expect(column.body.map((t: any) => t.summary)).toEqual(['Board A', 'Board B']);
  });

  it('delete removes the task with its items and answers 404 after', async () => {
    const task = await createTask(s, w, { items: [{ budgetItemId: w.budgetItems.labor, quantity: '3' }] });
    const res = await call(s, w.people.ownerPm)('DELETE', `/tasks/${task.id}`);
    expect(res.status).toBe(204);
    expect((await call(s, w.people.owner)('GET', `/tasks/${task.id}`)).status).toBe(404);
    expect(await s.services.db.selectFrom('task_items').select('id').where('task_id', '=', task.id).execute()).toEqual([]);
  });
});
