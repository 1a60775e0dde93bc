import { apiTokenParams } from '../../../../resources/api-token.js';
import { defineRoute } from '../../../http/route.js';
import { revokeApiToken } from '../api-token-service.js';

export const revokeToken = defineRoute({
  method: 'DELETE',
  url: '/companies/:id/api-tokens/:tokenId',
  access: { company: 'id', permission: 'integrations:manage' },
  sessionOnly: true,
  summary: 'Revoke an API token of the company at once: its next call is a 401 (needs integrations:manage there). Revoking a revoked token changes nothing',
  tags: ['companies'],
  params: apiTokenParams,
  handler: ({ actor, services, company, params }) => revokeApiToken(services, actor, company, params.tokenId),
});
