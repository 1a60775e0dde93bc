import type { QuickPanelData } from '../../../resources/quick-panel.js';
import type { Actor } from '../../http/actor.js';
import type { Services } from '../../services.js';
import { dayEvents } from './day-events.js';
import { listNotes } from './notes.js';
import { quickSettingsOf } from './quick-settings.js';

/** GET /quick-panel/data: the day the client names (its own zone), else the server's UTC day. */
export async function quickPanelData(services: Services, actor: Actor, date: string | undefined): Promise<QuickPanelData> {
  const day = date ?? new Date().toISOString().slice(0, 10);
  const [{ events, more }, notes] = await Promise.all([dayEvents(services, actor, day), listNotes(services.db, actor.user.id)]);
  return { date: day, events, moreEvents: more, notes, settings: quickSettingsOf(actor.user.settings) };
}
