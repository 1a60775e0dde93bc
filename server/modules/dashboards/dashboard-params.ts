import { z } from 'zod';
import { ATTENTION_KINDS, type AttentionKind } from '../../../resources/dashboard.js';
import { idParam } from '../../../resources/id.js';
import { mapQuery } from '../../../resources/map.js';
import { text } from '../../../resources/text.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { dashboardScope, editableDashboard, widgetScope } from './dashboard-access.js';

/** /dashboard/:id */
export const idParams = z.object({ id: idParam() });
/** /dashboard/:id/widget/:widgetId */
export const widgetParams = z.object({ id: idParam(), widgetId: idParam() });
/** /dashboard/widget/:type/configuration: any text, an unknown type answered as a 400 by the service. */
export const typeParams = z.object({ type: text() });
/** Any text: a URL of the wrong shape is as dead as an unknown one, the same 404. */
export const publicParams = z.object({ publicURL: text() });
export const publicWidgetParams = z.object({ publicURL: text(), widgetId: idParam() });
export const publicMappingQuery = z.strictObject({ publicURL: text().max(64) });
/** The box and zoom of a public map widget; its layer and project are the widget's own. */
export const publicMarkersQuery = mapQuery.pick({ bbox: true, zoom: true }).strict();

const KIND_VALUES = ATTENTION_KINDS.map((k) => k.value) as [AttentionKind, ...AttentionKind[]];
/** GET /dashboard/attention?kinds=a,b&projectId=: every kind when none is named. */
export const attentionQuery = z
  .object({
    kinds: z
      .preprocess(
        (v) => (v === undefined || v === '' ? KIND_VALUES : (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',').filter(Boolean) : [x]))),
        z.array(z.enum(KIND_VALUES, { error: `Must be one of: ${KIND_VALUES.join(', ')}` })).max(10),
      )
      .transform((v) => [...new Set(v)]),
    projectId: idParam('projectId must be a project id').optional(),
  })
  .strict();

interface GuardContext<P> {
  services: Services;
  actor: Actor;
  params: P;
}

/** Route guards: the dashboard (and widget) the path names, seen (404), and the caller's right to change it (403), before the body is read. */
export const viewGuard = async ({ services, actor, params }: GuardContext<{ id: number }>) => void (await dashboardScope(services.db, actor, params.id));
export const editGuard = async ({ services, actor, params }: GuardContext<{ id: number }>) => void (await editableDashboard(services.db, actor, params.id));
export const widgetEditGuard = async ({ services, actor, params }: GuardContext<{ id: number; widgetId: number }>) =>
  void (await widgetScope(services.db, await editableDashboard(services.db, actor, params.id), params.widgetId));
