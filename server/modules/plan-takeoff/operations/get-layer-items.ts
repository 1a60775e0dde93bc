import { z } from 'zod';
import { TAKEOFF_MESSAGES } from '../../../../resources/plan-takeoff.js';
import { defineRoute } from '../../../http/route.js';
import { readSheet } from '../layer-item-service.js';
import { fileParams, viewSheetGuard } from '../sheet-params.js';

const query = z.strictObject({
  pageNumber: z.coerce.number({ error: TAKEOFF_MESSAGES.page }).int(TAKEOFF_MESSAGES.page).min(1, TAKEOFF_MESSAGES.page).max(10_000, TAKEOFF_MESSAGES.page).optional(),
});

export const getLayerItems = defineRoute({
  method: 'GET',
  url: '/layerItems/:fileId',
  access: { permission: 'projects:view' },
  summary:
    "A plan PDF's takeoff (one page with pageNumber): its drawings with their measured or typed quantities and what was built on them, the pages' calibrations, the production marks the caller may see, and whether the caller may draw; any company related to the file's project",
  tags: ['plan-takeoff'],
  params: fileParams,
  query,
  guard: viewSheetGuard,
  handler: ({ actor, services, params, query }) => readSheet(services, actor, params.fileId, query.pageNumber),
});
