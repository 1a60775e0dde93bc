import { createLayerItemBody } from '../../../../resources/plan-takeoff.js';
import { defineRoute } from '../../../http/route.js';
import { createLayerItem as create } from '../layer-item-service.js';
import { editSheetGuard, fileParams } from '../sheet-params.js';

export const createLayerItem = defineRoute({
  method: 'POST',
  url: '/layerItems/:fileId',
  access: { permission: 'projects:view' },
  status: 201,
  summary:
    "Draw a catalog item on a page for one of the project's budgets (count, line or area, as the item's unit or production type says); the quantity is measured at the page's scale, or typed when the project requires it; needs projects:manage in the company that runs the project. Answers the drawing",
  tags: ['plan-takeoff'],
  params: fileParams,
  body: createLayerItemBody,
  guard: editSheetGuard,
  handler: ({ actor, services, params, body }) => create(services, actor, params.fileId, body),
});
