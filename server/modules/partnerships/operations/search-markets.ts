import { defineRoute } from '../../../http/route.js';
import { searchMarkets as search } from '../market-service.js';
import { marketPrefixParams } from '../partnership-params.js';

export const searchMarkets = defineRoute({
  method: 'GET',
  url: '/market/prefix/:text',
  access: { permission: 'partnerships:view' },
  summary: "The active company's markets starting with the text (at least 3 characters); answers { markets }",
  tags: ['partnerships'],
  params: marketPrefixParams,
  handler: ({ actor, services, params }) => search(services, actor, params.text),
});
