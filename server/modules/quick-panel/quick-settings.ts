import { resolveQuickSettings, type QuickSettings } from '../../../resources/quick-panel.js';
import type { Actor } from '../../http/actor.js';
import { parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import { updateUser } from '../users/user-update.js';

/** The three quick settings live in the user's settings JSON as `quickSettings` (GET /users/me shows them too). */
export const quickSettingsOf = (settings: string): QuickSettings => resolveQuickSettings(parseJson<{ quickSettings?: unknown }>(settings, {}).quickSettings);

/** PATCH /quick-panel/settings: changes the ones sent, keeps the others. */
export async function saveQuickSettings(services: Services, actor: Actor, change: Partial<QuickSettings>): Promise<QuickSettings> {
  const user = await services.db.transaction().execute((trx) =>
    updateUser(trx, actor.user.id, 'quick_settings_set', (current) => {
      const settings = parseJson<Record<string, unknown>>(current.settings, {});
      return { settings: JSON.stringify({ ...settings, quickSettings: { ...quickSettingsOf(current.settings), ...change } }) };
    }),
  );
  return quickSettingsOf(user.settings);
}
