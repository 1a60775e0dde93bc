import { updateProductionBody } from '../../../../resources/production.js';
import { defineRoute } from '../../../http/route.js';
import { currentProduction as current, idParams, manageGuard as guard } from '../production-params.js';
import { deleteProduction as remove, updateProduction as update } from '../production-service.js';

export const updateProduction = defineRoute({
  method: 'PATCH',
  url: '/production/:id',
  access: { permission: 'productions:manage' },
  summary: "The texts of a draft (the keys sent change) and its task (a task of the company on this project; required when the project records production by task); the producer's productions:manage people; 409 unless draft. Answers the production",
  tags: ['productions'],
  params: idParams,
  body: updateProductionBody,
  guard,
  current,
  handler: ({ actor, services, params, body }) => update(services, actor, params.id, body),
});

export const deleteProduction = defineRoute({
  method: 'DELETE',
  url: '/production/:id',
  access: { permission: 'productions:manage' },
  summary: "Delete a draft production with its items, stations, traces, comments and photos (their files too); the producer's productions:manage people; 409 unless draft",
  tags: ['productions'],
  params: idParams,
  guard,
  current,
  handler: ({ actor, services, params }) => remove(services, actor, params.id),
});
