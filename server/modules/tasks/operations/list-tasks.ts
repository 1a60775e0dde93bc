import { defineRoute } from '../../../http/route.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { listProjectTasks as listOfProject, listTasks as list } from '../task-list.js';
import { idParams } from '../task-params.js';

const FILTERS =
  'paged list, X-Total-Count; filters: id, status, priority, projectId, crewId, typeId, startDate and endDate (YYYY-MM-DD; ranges with _gte/_lte), summary, description, address, city, createdAt, updatedAt, q (summary, description, address, city); sort: createdAt (default, newest first), updatedAt, status, startDate, endDate, position (a board column), id';

export const listTasks = defineRoute({
  method: 'GET',
  url: '/tasks',
  access: { permission: 'tasks:view' },
  summary: `The acting company's tasks with project, crew and type names and what the caller may do (canEdit, canMove) (${FILTERS})`,
  tags: ['tasks'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});

export const listProjectTasks = defineRoute({
  method: 'GET',
  url: '/projects/:id/tasks',
  access: { permission: 'tasks:view' },
  summary: `The acting company's tasks on a project it sees (404 otherwise) (${FILTERS})`,
  tags: ['tasks'],
  params: idParams,
  query: listQuery,
  handler: async ({ actor, services, params, query, reply }) => sendPage(reply, await listOfProject(services, actor, params.id, query)),
});
