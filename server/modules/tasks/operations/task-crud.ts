import { createTaskBody, updateTaskBody } from '../../../../resources/task.js';
import { defineRoute } from '../../../http/route.js';
import { projectAccess } from '../../projects/project-access.js';
import { idParams, manageGuard, viewGuard, workGuard } from '../task-params.js';
import { createTask as create, deleteTask as remove, getTask as get, updateTask as update } from '../task-service.js';

export const createTask = defineRoute({
  method: 'POST',
  url: '/projects/:id/tasks',
  access: { permission: 'tasks:manage' },
  status: 201,
  summary:
    "A task of the acting company on a project it runs or works on: type and crew of the company (400 otherwise), summary, description, address, city, state, country, start and end dates (YYYY-MM-DD, end not before start), items (budget items of the project, decimal quantities with up to 3 decimals), status (open or progress; approved is saved as progress), priority (low, normal, high, urgent), rejectReason. Answers the task",
  tags: ['tasks'],
  params: idParams,
  body: createTaskBody,
  guard: async ({ actor, services, params }) => void (await projectAccess(services.db, actor, params.id, 'view')),
  handler: ({ actor, services, params, body }) => create(services, actor, params.id, body),
});

export const getTask = defineRoute({
  method: 'GET',
  url: '/tasks/:id',
  access: { permission: 'tasks:view' },
  summary: 'One task of the acting company with its items, who created it and what the caller may do',
  tags: ['tasks'],
  params: idParams,
  guard: viewGuard,
  handler: ({ actor, services, params }) => get(services, actor, params.id),
});

export const updateTask = defineRoute({
  method: 'PATCH',
  url: '/tasks/:id',
  access: { permission: 'tasks:view' },
  summary:
    "Change a task (the fields sent; items replace the task's). A status change follows the task state machine (resources/task.ts; 409 for an illegal move); approved is saved as progress; rejected and discarded keep rejectReason (a rejection needs one), any other status clears it. A board move is { status, position }. Needs tasks:manage, except that the leader of the task's crew may move it to progress or completed (403 otherwise)",
  tags: ['tasks'],
  params: idParams,
  body: updateTaskBody,
  guard: workGuard,
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, body),
});

export const deleteTask = defineRoute({
  method: 'DELETE',
  url: '/tasks/:id',
  access: { permission: 'tasks:manage' },
  summary: 'Delete a task with its items, comments and files; a production that named it keeps its record without the link',
  tags: ['tasks'],
  params: idParams,
  guard: manageGuard,
  handler: ({ actor, services, params }) => remove(services, actor, params.id),
});
