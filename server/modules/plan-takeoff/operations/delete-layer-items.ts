import { deleteLayerItemsBody } from '../../../../resources/plan-takeoff.js';
import { defineRoute } from '../../../http/route.js';
import { deleteLayerItems as remove } from '../layer-item-service.js';
import { editSheetGuard, fileParams } from '../sheet-params.js';

export const deleteLayerItems = defineRoute({
  method: 'DELETE',
  url: '/items/:fileId/4',
  access: { permission: 'projects:view' },
  summary:
    "Clear layers: every drawing of these budgets on one page, all or none (409 when production was marked on one); needs projects:manage in the company that runs the project. Answers how many were deleted",
  tags: ['plan-takeoff'],
  params: fileParams,
  body: deleteLayerItemsBody,
  guard: editSheetGuard,
  handler: ({ actor, services, params, body }) => remove(services, actor, params.fileId, body),
});
