import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { getFile as get } from '../file-service.js';

export const getFile = defineRoute({
  method: 'GET',
  url: '/filesNew/secured/:id',
  access: { permission: 'files:view' },
  summary: 'One file the caller may see, with signed links to its bytes (404 otherwise)',
  tags: ['files'],
  params: z.object({ id: idParam() }),
  handler: ({ actor, services, params }) => get(services, services.db, fileCaller(actor), params.id),
});
