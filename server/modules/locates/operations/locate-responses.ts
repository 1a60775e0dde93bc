import { createLocateResponseBody, updateLocateResponseBody } from '../../../../resources/locate.js';
import { defineRoute } from '../../../http/route.js';
import { idParams, locateGuard, MANAGE, responseGuard, responseParams } from '../locate-params.js';
import { addResponse, deleteResponse, updateResponse } from '../locate-service.js';

export const addLocateResponse = defineRoute({
  method: 'POST',
  url: '/locates/:id/responses',
  access: MANAGE,
  status: 201,
  summary: "A utility's response to the ticket: utilityName, status (pending, clear, marked or conflict), note, respondedAt (ISO date and time); 409 on a closed ticket. Answers the ticket with its responses",
  tags: ['locates'],
  params: idParams,
  body: createLocateResponseBody,
  guard: locateGuard,
  handler: ({ actor, services, params, body }) => addResponse(services, actor, params.id, body),
});

export const updateLocateResponse = defineRoute({
  method: 'PATCH',
  url: '/locates/:id/responses/:responseId',
  access: MANAGE,
  summary: 'The keys sent change; 409 on a closed ticket. Answers the ticket with its responses',
  tags: ['locates'],
  params: responseParams,
  body: updateLocateResponseBody,
  guard: responseGuard,
  handler: ({ actor, services, params, body }) => updateResponse(services, actor, params.id, params.responseId, body),
});

export const deleteLocateResponse = defineRoute({
  method: 'DELETE',
  url: '/locates/:id/responses/:responseId',
  access: MANAGE,
  summary: 'Remove a response; 409 on a closed ticket. Answers the ticket with its responses',
  tags: ['locates'],
  params: responseParams,
  guard: responseGuard,
  handler: ({ actor, services, params }) => deleteResponse(services, actor, params.id, params.responseId),
});
