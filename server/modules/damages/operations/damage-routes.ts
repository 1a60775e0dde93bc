import { createDamageBody, updateDamageBody } from '../../../../resources/damage.js';
import { defineRoute } from '../../../http/route.js';
import { entityActivity } from '../../../lib/entity-activity.js';
import { listQuery, sendPage } from '../../../lib/list-query.js';
import { damageOf } from '../damage-access.js';
import { listDamages as list } from '../damage-list.js';
import { damageGuard as guard, idParams } from '../damage-params.js';
import { createDamage as create, deleteDamage as remove, updateDamage as update } from '../damage-service.js';
import { loadDamage } from '../damage-view.js';

export const listDamages = defineRoute({
  method: 'GET',
  url: '/damages',
  access: { permission: 'damages:view' },
  summary:
    "The acting company's damages (paged list, X-Total-Count; filters: id, damageDate (damageDate_gte/_lt, YYYY-MM-DD), status, projectId, damageTypeId, safetyAuthorityId, reportedById, projectCode, projectName, damageTypeName, safetyAuthorityName, description, address, city, state, reportedByName, createdAt; sort: damageDate (default, newest first, ties newest id first), status, projectCode, projectName, damageTypeName, safetyAuthorityName, address, city, state, amount, reportedByName, createdAt)",
  tags: ['damages'],
  query: listQuery,
  handler: async ({ actor, services, query, reply }) => sendPage(reply, await list(services, actor, query)),
});

export const createDamage = defineRoute({
  method: 'POST',
  url: '/damages',
  access: { permission: 'damage-report' },
  status: 201,
  summary:
    "Report a damage on a project the company works on: damageDate, projectId, damageTypeId and safetyAuthorityId (the company's own), description, address, city, state, lat/lng (both or neither), amount (money text, at most 2 decimals); starts reported; the project's managers are notified. Answers the damage",
  tags: ['damages'],
  body: createDamageBody,
  handler: ({ actor, services, body }) => create(services, actor, body),
});

export const getDamage = defineRoute({
  method: 'GET',
  url: '/damages/:id',
  access: { permission: 'damages:view' },
  summary: 'A damage of the acting company with its file counts (fileCount, proofCount) and the statuses it may move to (nextStatuses)',
  tags: ['damages'],
  params: idParams,
  guard,
  handler: async ({ actor, services, params }) => {
    await damageOf(services.db, actor, params.id);
    return loadDamage(services.db, params.id);
  },
});

export const updateDamage = defineRoute({
  method: 'PATCH',
  url: '/damages/:id',
  access: { permission: 'damages:manage' },
  summary:
    'Change the fields sent; status moves through the state machine (reported → claimed | in_repair | closed, claimed → in_repair | closed, in_repair → closed, closed → reported; 409 otherwise, nothing changed). Answers the damage',
  tags: ['damages'],
  params: idParams,
  body: updateDamageBody,
  guard,
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, body),
});

export const deleteDamage = defineRoute({
  method: 'DELETE',
  url: '/damages/:id',
  access: { permission: 'damages:manage' },
  summary: 'Delete a damage that is still reported, with its files; 409 once claimed, in repair or closed (kept for the record)',
  tags: ['damages'],
  params: idParams,
  guard,
  handler: ({ actor, services, params }) => remove(services, actor, params.id),
});

export const damageActivity = defineRoute({
  method: 'GET',
  url: '/damages/:id/activity',
  access: { permission: 'damages:view' },
  summary: "The damage's audit events (changes, moves, files), newest first (paged, X-Total-Count)",
  tags: ['damages'],
  params: idParams,
  query: listQuery,
  guard,
  handler: async ({ actor, services, params, query, reply }) => {
    await damageOf(services.db, actor, params.id);
    return sendPage(reply, await entityActivity(services.db, 'damage', params.id, query));
  },
});
