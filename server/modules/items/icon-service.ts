import type { Services } from '../../services.js';
import { storeUpload, type FileOwner, type Upload } from '../../storage/file-store.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import { loadItem } from './item-query.js';
import type { ItemActor } from './item-service.js';

export const iconOwner = (itemId: number): FileOwner => ({ entityType: 'item', entityId: itemId, type: 'icon' });

/** Stores the icon and points the item at it, in one transaction; the old icon file goes. Answers the item. */
export async function setItemIcon(services: Services, actor: ItemActor, id: number, upload: Upload) {
  return storeUpload(services, { ...iconOwner(id), companyId: actor.companyId, uploadedBy: actor.userId }, upload, async (trx, file, files) => {
    const before = await loadItem(trx, id);
    await trx.updateTable('items').set({ icon_id: file.id, icon_url: file.url, updated_at: nowIso() }).where('id', '=', id).execute();
    await files.release(iconOwner(id), { id: before.iconId });
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
