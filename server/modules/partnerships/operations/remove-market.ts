import { removeMarketBody } from '../../../../resources/partnership.js';
import { defineRoute } from '../../../http/route.js';
import { removeMarket as remove } from '../market-service.js';
import { idParams } from '../partnership-params.js';

export const removeMarket = defineRoute({
  method: 'DELETE',
  url: '/partnerships/:id/market',
  access: { permission: 'partnerships:manage' },
  summary: "Remove a market (marketId or name) from a partnership (host only); answers the partnership's { markets }",
  tags: ['partnerships'],
  params: idParams,
  body: removeMarketBody,
  handler: ({ actor, services, params, body }) => remove(services, actor, params.id, body),
});
