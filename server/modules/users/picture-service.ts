import type { Actor } from '../../http/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { storeFile } from '../../storage/file-store.js';
import { userView } from './user-view.js';

export async function setProfilePicture(services: Services, actor: Actor, upload: { filename: string; contentType: string; bytes: Buffer }) {
  const user = await services.db.transaction().execute(async (trx) => {
    const file = await storeFile(services, trx, { companyId: null, entityType: 'user', entityId: actor.user.id, type: 'profilePicture', uploadedBy: actor.user.id }, upload);
    const row = await trx
      .updateTable('users')
      .set({ avatar_id: file.id, avatar_url: file.url, updated_at: nowIso() })
      .where('id', '=', actor.user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.user.id, companyId: null }, {
      entityType: 'user',
      entityId: actor.user.id,
      action: 'updated',
      before: { avatarUrl: actor.user.avatar_url },
      after: { avatarUrl: file.url },
    });
    return row;
  });
  return { user: await userView(services.db, user) };
}
