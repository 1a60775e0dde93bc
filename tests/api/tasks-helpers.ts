import type { Task } from '../../resources/task.js';
import type { TestServer } from './harness.js';
import { call, type Caller } from './budgets-helpers.js';
import { productionWorld } from './productions-helpers.js';

/**
 * The production world (productions-helpers.ts: the owner runs a project for its client, the
 * subcontractor works on it, the stranger has nothing to do with it; crews and people) with a task
 * type of the owner's and one of the stranger's.
 */
export async function taskWorld(s: TestServer) {
  const w = await productionWorld(s);
  const type = async (who: Caller, companyId: number, name: string) => {
    const res = await call(s, who)('POST', `/companies/${companyId}/task-types`, { name });
    if (res.status !== 201) throw new Error(`task type: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const types = { survey: await type(w.people.owner, w.owner.companyId, 'Survey'), stranger: await type(w.people.stranger, w.stranger.companyId, 'Stranger type') };
  return { ...w, types };
}

export type TaskWorld = Awaited<ReturnType<typeof taskWorld>>;

/** Creates a task on the world's project as `who` (the owner by default); throws unless 201. */
export async function createTask(s: TestServer, w: TaskWorld, body: Record<string, unknown> = {}, who: Caller = w.people.owner): Promise<Task> {
  const res = await call(s, who)('POST', `/projects/${w.projectId}/tasks`, { summary: 'Mark the trench', crewId: w.crews.paving, ...body });
  if (res.status !== 201) throw new Error(`create task: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Task;
}

/** What is stored of tasks, the trail and notifications: a refused request changes none of it. */
export async function storedTasks(s: TestServer) {
  const db = s.services.db;
  const all = async (table: 'tasks' | 'task_items' | 'task_comments' | 'task_files' | 'productions') =>
    (await db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
  return {
    tasks: await all('tasks'),
    items: await all('task_items'),
    comments: await all('task_comments'),
    files: await all('task_files'),
    productions: await all('productions'),
    audits: (await db.selectFrom('audit_events').select('id').execute()).length,
    notifications: (await db.selectFrom('notifications').select('id').execute()).length,
  };
}
