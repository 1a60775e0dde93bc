import { updateLayerItemBody } from '../../../../resources/plan-takeoff.js';
import { defineRoute } from '../../../http/route.js';
import { updateLayerItem as update } from '../layer-item-service.js';
import { editSheetGuard, fileParams } from '../sheet-params.js';

export const updateLayerItem = defineRoute({
  method: 'PATCH',
  url: '/item/:fileId/4',
  access: { permission: 'projects:view' },
  summary:
    'Move or reshape a drawing (measured again) or change its typed quantity, naming the version it was made on (409 when someone changed it since); needs projects:manage in the company that runs the project. Answers the drawing',
  tags: ['plan-takeoff'],
  params: fileParams,
  body: updateLayerItemBody,
  guard: editSheetGuard,
  handler: ({ actor, services, params, body }) => update(services, actor, params.fileId, body),
});
