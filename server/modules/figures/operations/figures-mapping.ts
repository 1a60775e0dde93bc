import { defineRoute } from '../../../http/route.js';
import { mappingFor } from '../figure-access.js';

export const figuresMapping = defineRoute({
  method: 'GET',
  url: '/advanced-filter/mapping',
  access: 'member',
  summary: 'What the figures model can answer: the sources the caller may ask, with their measures, dimensions, filters and operators',
  tags: ['figures'],
  handler: async ({ actor }) => mappingFor(actor),
});
