import { createNoteRoute } from './operations/create-note.js';
import { deleteNoteRoute } from './operations/delete-note.js';
import { getQuickPanelData } from './operations/quick-panel-data.js';
import { updateNoteRoute } from './operations/update-note.js';
import { updateQuickSettings } from './operations/update-settings.js';

/** The quick panel (spec 02 §7 Notifications, chat, quick panel): the day's data, notes and quick settings. */
export const quickPanelRoutes = [getQuickPanelData, createNoteRoute, updateNoteRoute, deleteNoteRoute, updateQuickSettings];
