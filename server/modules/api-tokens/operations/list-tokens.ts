import { apiTokensParams } from '../../../../resources/api-token.js';
import { defineRoute } from '../../../http/route.js';
import { listApiTokens } from '../api-token-service.js';

export const listTokens = defineRoute({
  method: 'GET',
  url: '/companies/:id/api-tokens',
  access: { company: 'id', permission: 'integrations:view' },
  sessionOnly: true,
  summary: "The company's API tokens, newest first, revoked ones too: name, permissions, project, expiry, last use, creator and status; never a secret (needs integrations:view in that company)",
  tags: ['companies'],
  params: apiTokensParams,
  handler: ({ services, company }) => listApiTokens(services, company),
});
