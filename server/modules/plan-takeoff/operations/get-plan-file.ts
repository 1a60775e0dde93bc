import { defineRoute } from '../../../http/route.js';
import { planFile } from '../layer-item-service.js';
import { fileParams, viewSheetGuard } from '../sheet-params.js';

export const getPlanFile = defineRoute({
  method: 'GET',
  url: '/layerItems/:fileId/file',
  access: { permission: 'projects:view' },
  summary: "The plan PDF of a takeoff as a signed link, for any company related to the file's project (the editor opens it so; the file manager shows a company only its own files)",
  tags: ['plan-takeoff'],
  params: fileParams,
  guard: viewSheetGuard,
  handler: ({ actor, services, params }) => planFile(services, actor, params.fileId),
});
