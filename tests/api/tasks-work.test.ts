import { call } from './budgets-helpers.js';
import { describeEachDatabase, multipart, TINY_PNG, type TestServer } from './harness.js';
import { nextDay } from './productions-helpers.js';
import { createTask, storedTasks, taskWorld, type TaskWorld } from './tasks-helpers.js';

describeEachDatabase('tasks: files, comments, activity, notifications and the production link', (server) => {
  let s: TestServer;
  let w: TaskWorld;
  beforeAll(async () => {
    s = server();
    w = await taskWorld(s);
  });

  const upload = (who: { token: string; headers: Record<string, string> }, taskId: number, fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) => {
    const m = multipart(fields, file);
    return s.call('POST', `/api/v1/tasks/${taskId}/files`, { token: who.token, headers: { ...who.headers, ...m.headers }, body: m.body });
  };
  const notesFor = async (userId: number, type: string) =>
    s.services.db
      .selectFrom('notifications as n')
      .innerJoin('memberships as m', 'm.id', 'n.membership_id')
      .select(['n.type', 'n.description', 'n.entity_id'])
      .where('m.user_id', '=', userId)
      .where('n.type', '=', type)
      .execute();

  it('files by category: any type, a photo must be an image; listed with links; the leader adds, the crew member does not; deleted with their bytes', async () => {
    const task = await createTask(s, w);
    const photo = await upload(w.people.ownerLeader, task.id, { type: 'task', category: 'photo' }, { name: 'pit.png', type: 'image/png', bytes: TINY_PNG });
    expect(photo.status).toBe(201);
    expect(photo.body[0]).toMatchObject({ category: 'photo', name: 'pit.png', contentType: 'image/png' });
    const doc = await upload(w.people.owner, task.id, { type: 'task', category: 'document' }, { name: 'permit.txt', type: 'text/plain', bytes: Buffer.from('permit') });
    expect(doc.status).toBe(201);
    const before = await storedTasks(s);
    expect((await upload(w.people.owner, task.id, { category: 'photo' }, { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') })).status).toBe(400);
    expect((await upload(w.people.owner, task.id, { category: 'selfie' }, { name: 'a.png', type: 'image/png', bytes: TINY_PNG })).status).toBe(400);
    expect((await upload(w.people.ownerCrew, task.id, { category: 'photo' }, { name: 'a.png', type: 'image/png', bytes: TINY_PNG })).status).toBe(403);
    expect((await upload(w.people.stranger, task.id, { category: 'photo' }, { name: 'a.png', type: 'image/png', bytes: TINY_PNG })).status).toBe(404);
    expect(await storedTasks(s)).toEqual(before);
    const list = await call(s, w.people.ownerCrew)('GET', `/tasks/${task.id}/files`);
    expect(list.body.map((f: any) => [f.category, f.name])).toEqual([
      ['document', 'permit.txt'],
      ['photo', 'pit.png'],
    ]);
    const bytes = await s.call('GET', list.body[1].url.replace(/^\/api\/v1/, '/api/v1'));
    expect(bytes.status).toBe(200);
    // The crew member may not delete; the manager may.
    expect((await call(s, w.people.ownerCrew)('DELETE', `/tasks/${task.id}/files/${doc.body[0].id}`)).status).toBe(403);
    expect((await call(s, w.people.owner)('DELETE', `/tasks/${task.id}/files/${doc.body[0].id}`)).status).toBe(204);
    expect(await s.services.db.selectFrom('files').select('id').where('id', '=', doc.body[0].id).execute()).toEqual([]);
    // Deleting the task releases the rest.
    expect((await call(s, w.people.owner)('DELETE', `/tasks/${task.id}`)).status).toBe(204);
    expect(await s.services.db.selectFrom('files').select('id').where('id', '=', photo.body[0].id).execute()).toEqual([]);
  });

  it('comments: whoever reads the task writes; the crew leader and the creator hear of it', async () => {
    const task = await createTask(s, w, {}, w.people.ownerPm);
    const res = await call(s, w.people.ownerCrew)('POST', `/tasks/${task.id}/comments`, { comment: 'Gate code is 1234' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ body: 'Gate code is 1234', mine: true });
    expect((await call(s, w.people.ownerCrew)('POST', `/tasks/${task.id}/comments`, { comment: '  ' })).status).toBe(400);
    const list = await call(s, w.people.owner)('GET', `/tasks/${task.id}/comments`);
    expect(list.body.map((c: any) => [c.body, c.mine])).toEqual([['Gate code is 1234', false]]);
    const told = (await notesFor(w.people.ownerLeader.userId, 'task-comment')).filter((n) => n.entity_id === String(task.id));
    expect(told).toHaveLength(1);
    expect((await notesFor(w.people.ownerPm.userId, 'task-comment')).some((n) => n.entity_id === String(task.id))).toBe(true);
  });

  it('notifications: the crew leader hears of a new task and its moves; nobody of their own change', async () => {
    const task = await createTask(s, w, { summary: 'Notify me' });
    expect((await notesFor(w.people.ownerLeader.userId, 'task')).some((n) => n.entity_id === String(task.id) && n.description.includes('Notify me'))).toBe(true);
    await call(s, w.people.ownerLeader)('PATCH', `/tasks/${task.id}`, { status: 'progress' });
    const creator = (await notesFor(w.owner.user.id, 'task')).filter((n) => n.entity_id === String(task.id));
    expect(creator.map((n) => n.description)).toEqual([expect.stringContaining('in progress')]);
    expect((await notesFor(w.people.ownerLeader.userId, 'task')).filter((n) => n.entity_id === String(task.id))).toHaveLength(1);
  });

  it('activity: creation, changes, moves, comments and files from the audit trail, newest first', async () => {
    const task = await createTask(s, w);
    await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { summary: 'Renamed', items: [{ budgetItemId: w.budgetItems.pipe, quantity: '1.25' }] });
    await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { status: 'progress' });
    await call(s, w.people.owner)('POST', `/tasks/${task.id}/comments`, { comment: 'Note' });
    await upload(w.people.owner, task.id, { category: 'other' }, { name: 'x.txt', type: 'text/plain', bytes: Buffer.from('x') });
    const res = await call(s, w.people.ownerCrew)('GET', `/tasks/${task.id}/activity`);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.body.map((e: any) => e.action)).toEqual(['file added', 'comment added', 'moved', 'updated', 'created']);
    expect(res.body[2].changes.status).toEqual({ from: 'open', to: 'progress' });
    expect(res.body[3].changes.summary).toEqual({ from: 'Mark the trench', to: 'Renamed' });
  });

  it('a production names a task of its project and company (400 otherwise), on create and update; a task-based project needs one', async () => {
    const own = await createTask(s, w, { summary: 'Bore under the road', crewId: w.crews.boring }, w.people.sub);
    const ownersTask = await createTask(s, w, { summary: "Owner's task" });
    const record = (body: Record<string, unknown>) =>
      call(s, w.people.subLeader)('POST', `/production/project/${w.projectId}`, { crewId: w.crews.boring, date: nextDay(), items: [{ budgetItemId: w.budgetItems.asphalt, quantity: '1' }], ...body });
    const before = await storedTasks(s);
    for (const taskId of [ownersTask.id, 999999]) {
      const res = await record({ taskId });
      expect([taskId, res.status, res.body.error?.details?.[0]?.field]).toEqual([taskId, 400, 'taskId']);
    }
    expect(await storedTasks(s)).toEqual(before);
    const linked = await record({ taskId: own.id });
    expect(linked.status).toBe(201);
    expect(linked.body.taskId).toBe(own.id);
    const unlinked = await record({});
    expect((await call(s, w.people.subLeader)('PATCH', `/production/${unlinked.body.id}`, { taskId: ownersTask.id })).status).toBe(400);
    const set = await call(s, w.people.subLeader)('PATCH', `/production/${unlinked.body.id}`, { taskId: own.id });
    expect(set.status).toBe(200);
    expect(set.body.taskId).toBe(own.id);
    // Task-based production: a new production must name a task.
    await s.services.db.updateTable('projects').set({ task_based_production: 1 }).where('id', '=', w.projectId).execute();
    const missing = await record({});
    expect([missing.status, missing.body.error?.details?.[0]?.field]).toEqual([400, 'taskId']);
    expect((await record({ taskId: own.id })).status).toBe(201);
    await s.services.db.updateTable('projects').set({ task_based_production: 0 }).where('id', '=', w.projectId).execute();
    // Deleting the task keeps the production, without the link.
    expect((await call(s, w.people.sub)('DELETE', `/tasks/${own.id}`)).status).toBe(204);
    const after = await call(s, w.people.subLeader)('GET', `/production/${linked.body.id}`);
    expect(after.body.taskId).toBeNull();
  });
});
