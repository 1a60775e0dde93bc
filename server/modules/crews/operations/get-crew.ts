import { defineRoute } from '../../../http/route.js';
import { crewParams } from '../crew-params.js';
import { crewDetail } from '../crew-view.js';

export const getCrew = defineRoute({
  method: 'GET',
  url: '/crews/:id',
  access: { company: 'id', of: 'crews', permission: 'crews:manage' },
  summary: 'One crew with its members, leaders and categories, named',
  tags: ['crews'],
  params: crewParams,
  handler: ({ services, company, params }) => crewDetail(services.db, company.companyId, params.id),
});
