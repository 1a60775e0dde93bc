import type { Actor } from '../../http/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { storeUpload, type Upload } from '../../storage/file-store.js';
import { userView } from './user-view.js';

/** Points the user at the new picture and lets the old one go (row now, bytes after commit). */
export async function setProfilePicture(services: Services, actor: Actor, upload: Upload) {
  const owner = { entityType: 'user', entityId: actor.user.id, type: 'profilePicture' };
  const user = await storeUpload(services, { ...owner, companyId: null, uploadedBy: actor.user.id }, upload, async (trx, file, files) => {
    const before = await trx.selectFrom('users').select(['avatar_id', 'avatar_url']).where('id', '=', actor.user.id).executeTakeFirstOrThrow();
    const row = await trx
      .updateTable('users')
      .set({ avatar_id: file.id, avatar_url: file.url, updated_at: nowIso() })
      .where('id', '=', actor.user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await files.release(owner, { id: before.avatar_id });
    await recordAudit(trx, { userId: actor.user.id, companyId: null }, {
      entityType: 'user',
      entityId: actor.user.id,
      action: 'updated',
      before: { avatarUrl: before.avatar_url },
      after: { avatarUrl: file.url },
    });
    return row;
  });
  return { user: await userView(services.db, user) };
}
