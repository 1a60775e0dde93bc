import { figureQuery } from '../../../../resources/figures.js';
import { defineRoute } from '../../../http/route.js';
import { forbidden } from '../../../http/errors.js';
import { maySee } from '../figure-access.js';
import { figureScopeFor } from '../figure-scope.js';
import { cachedFigures, refuseUndeclared } from '../figures-service.js';

export const figuresData = defineRoute({
  method: 'POST',
  url: '/advanced-filter/data',
  access: 'member',
  summary:
    "One question to the figures model (resources/figures.ts): a measure over a source, grouped by a dimension, filtered; the active company's rows only (a crew leader's crews). 400 for anything the source does not declare, 403 without the source's permission",
  tags: ['figures'],
  body: figureQuery,
  handler: async ({ actor, services, body }) => {
    refuseUndeclared(body);
    if (!maySee(actor, body.source)) throw forbidden();
    return cachedFigures(services, await figureScopeFor(services.db, actor), body);
  },
});
