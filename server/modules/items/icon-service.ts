import type { Services } from '../../services.js';
import { storeFile } from '../../storage/file-store.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { loadItem } from './item-query.js';
import type { ItemActor } from './item-service.js';

/** Stores the icon and points the item at it, in one transaction; answers the item. */
export async function setItemIcon(
  services: Services,
  actor: ItemActor,
  id: number,
  upload: { filename: string; contentType: string; bytes: Buffer },
) {
  return services.db.transaction().execute(async (trx) => {
    const before = await loadItem(trx, id);
    const file = await storeFile(services, trx, { companyId: actor.companyId, entityType: 'item', entityId: id, type: 'icon', uploadedBy: actor.userId }, upload);
    await trx.updateTable('items').set({ icon_id: file.id, icon_url: file.url, updated_at: nowIso() }).where('id', '=', id).execute();
    const after = await loadItem(trx, id);
    await recordAudit(trx, actor, {
      entityType: 'item',
      entityId: id,
      action: 'updated',
      before: { iconId: before.iconId, iconUrl: before.iconUrl },
      after: { iconId: after.iconId, iconUrl: after.iconUrl },
    });
    return after;
  });
}
