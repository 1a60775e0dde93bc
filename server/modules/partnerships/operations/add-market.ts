import { addMarketBody } from '../../../../resources/partnership.js';
import { defineRoute } from '../../../http/route.js';
import { addMarket as add } from '../market-service.js';
import { idParams } from '../partnership-params.js';

export const addMarket = defineRoute({
  method: 'POST',
  url: '/partnerships/:id/market',
  access: { permission: 'partnerships:manage' },
  summary: "Add a market to a partnership, creating it in the company when new (host only); answers the partnership's { markets }",
  tags: ['partnerships'],
  params: idParams,
  body: addMarketBody,
  handler: ({ actor, services, params, body }) => add(services, actor, params.id, body.name),
});
