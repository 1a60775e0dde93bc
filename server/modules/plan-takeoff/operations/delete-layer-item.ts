import { deleteLayerItemQuery } from '../../../../resources/plan-takeoff.js';
import { defineRoute } from '../../../http/route.js';
import { deleteLayerItem as remove } from '../layer-item-service.js';
import { editSheetGuard, fileParams } from '../sheet-params.js';

export const deleteLayerItem = defineRoute({
  method: 'DELETE',
  url: '/item/:fileId/4',
  access: { permission: 'projects:view' },
  summary: 'Delete one drawing (itemId); one a crew marked production on stays as its evidence (409); needs projects:manage in the company that runs the project',
  tags: ['plan-takeoff'],
  params: fileParams,
  query: deleteLayerItemQuery,
  guard: editSheetGuard,
  handler: ({ actor, services, params, query }) => remove(services, actor, params.fileId, query.itemId),
});
