import { z } from 'zod';
import { idParam } from '../../../../resources/id.js';
import { defineRoute } from '../../../http/route.js';
import { fileCaller } from '../file-access.js';
import { setPermissionBody } from '../../../../resources/files.js';
import { setPermission as set } from '../permission-service.js';

export const setPermission = defineRoute({
  method: 'POST',
  url: '/folder/file/permission/:id',
  access: { permission: 'files:view' },
  summary: 'Add or remove a grant (role or member; view or manage) on a folder or file the caller manages, or drop its own grants to inherit; answers the node',
  tags: ['files'],
  params: z.object({ id: idParam() }),
  body: setPermissionBody,
  handler: ({ actor, services, params, body }) => set(services, fileCaller(actor), params.id, body),
});
