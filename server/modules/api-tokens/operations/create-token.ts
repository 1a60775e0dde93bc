import { apiTokensParams, createApiTokenBody } from '../../../../resources/api-token.js';
import { defineRoute } from '../../../http/route.js';
import { createApiToken } from '../api-token-service.js';

export const createToken = defineRoute({
  method: 'POST',
  url: '/companies/:id/api-tokens',
  access: { company: 'id', permission: 'integrations:manage' },
  sessionOnly: true,
  status: 201,
  summary:
    "Create an API token for the company (needs integrations:manage there): a name, the permissions it carries (each one the creator holds), an optional expiry and an optional project. Answers the token with its secret (`fwk_…`), this once; send it as `Authorization: Bearer <secret>`",
  tags: ['companies'],
  params: apiTokensParams,
  body: createApiTokenBody,
  handler: ({ actor, services, company, body, reply }) => createApiToken(services, actor, company, body, reply),
});
