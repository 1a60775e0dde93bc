import { z } from 'zod';
import { idParam } from '../../../resources/id.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { sheetScope } from './sheet-scope.js';

/** /layerItems/:fileId, /item/:fileId/4, /items/:fileId/4: the plan file. */
export const fileParams = z.object({ fileId: idParam() });

interface GuardContext {
  services: Services;
  actor: Actor;
  params: { fileId: number };
}

/** Route guards: the file, seen (404), and for changes the caller's right to draw (403). */
export const viewSheetGuard = async ({ services, actor, params }: GuardContext) => void (await sheetScope(services.db, actor, params.fileId));
export const editSheetGuard = async ({ services, actor, params }: GuardContext) => void (await sheetScope(services.db, actor, params.fileId, 'edit'));
