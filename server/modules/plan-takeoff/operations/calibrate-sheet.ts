import { sheetScaleBody } from '../../../../resources/plan-takeoff.js';
import { defineRoute } from '../../../http/route.js';
import { calibrateSheet as calibrate } from '../sheet-calibration.js';
import { editSheetGuard, fileParams } from '../sheet-params.js';

export const calibrateSheet = defineRoute({
  method: 'PUT',
  url: '/layerItems/:fileId/scale',
  access: { permission: 'projects:view' },
  summary:
    "Calibrate a page's scale: a reference line of two points and the known distance it stands for (null clears it, back to the project's pdfScaleFactor); the page's measured lines and areas are measured again in the same transaction; needs projects:manage in the company that runs the project. Answers the page's takeoff",
  tags: ['plan-takeoff'],
  params: fileParams,
  body: sheetScaleBody,
  guard: editSheetGuard,
  handler: ({ actor, services, params, body }) => calibrate(services, actor, params.fileId, body),
});
