import type { Actor } from '../../http/actor.js';
import { recordAudit } from '../../lib/audit.js';
import type { Services } from '../../services.js';
import type { SensitiveValues } from '../../../resources/user.js';
import { revealSensitive } from './sensitive-fields.js';

/** What the trail keeps of a reading: that it happened, never the values. */
export const REVEALED = { action: 'sensitive_revealed', after: { fields: ['ssn', 'driversLicense'] } };

/** The person's own whole values; each reading is kept in their account's trail. */
export function revealOwnSensitive(services: Services, actor: Actor): Promise<SensitiveValues> {
  return services.db.transaction().execute(async (trx) => {
    await recordAudit(trx, { userId: actor.user.id, companyId: null }, { entityType: 'user', entityId: actor.user.id, ...REVEALED });
    return revealSensitive(services.fieldCipher, actor.user);
  });
}
