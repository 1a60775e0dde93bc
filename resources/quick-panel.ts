import { z } from 'zod';
import { idParam } from './id.js';
import { utcDate } from './project.js';
import { text } from './text.js';

/**
 * The quick panel (spec 02 §1, §3 Quick panel data, §7): today's date, the events of the day, the
 * user's own notes and three quick settings that persist in the user's settings.
 */

/** The three quick settings: each changes something real in the app (docs/decisions.md, Quick panel). */
export const QUICK_SETTINGS = [
  { key: 'notificationSound', label: 'Sound on new notification', help: 'A short chime when a notification or chat message arrives', default: false },
  { key: 'chatPopups', label: 'Chat message pop-ups', help: 'A pop-up when a chat message arrives while the chat is closed', default: true },
  { key: 'compactGrids', label: 'Compact grids', help: 'Denser rows in the lists', default: false },
] as const;
export type QuickSettingKey = (typeof QUICK_SETTINGS)[number]['key'];
export type QuickSettings = Record<QuickSettingKey, boolean>;

/** The stored settings over the defaults, ignoring anything that is not a boolean. */
export function resolveQuickSettings(stored: unknown): QuickSettings {
  const given = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(QUICK_SETTINGS.map((s) => [s.key, typeof given[s.key] === 'boolean' ? given[s.key] : s.default])) as QuickSettings;
}

/** PATCH /quick-panel/settings: any of the three. */
export const quickSettingsBody = z
  .object({ notificationSound: z.boolean(), chatPopups: z.boolean(), compactGrids: z.boolean() })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Send at least one setting' });

export const QUICK_NOTES_MAX = 100;
export const QUICK_PANEL_MESSAGES = {
  title: 'A note needs a title',
  date: 'Must be a date (YYYY-MM-DD): the day to show',
  tooMany: `You keep at most ${QUICK_NOTES_MAX} notes: delete one first`,
} as const;

const noteTitle = text({ error: QUICK_PANEL_MESSAGES.title }).trim().min(1, QUICK_PANEL_MESSAGES.title).max(120);
const noteDetail = text()
  .trim()
  .max(2000)
  .nullable()
  .optional()
  .transform((v) => v || null);

export const createNoteBody = z.object({ title: noteTitle, detail: noteDetail }).strict();
export const updateNoteBody = z
  .object({ title: noteTitle, detail: noteDetail })
  .partial()
  .strict();
/** PATCH and DELETE /quick-panel/notes/{id}. */
export const noteParams = z.object({ id: idParam('Must be a note id') });

export type CreateNoteBody = z.output<typeof createNoteBody>;
export type UpdateNoteBody = z.output<typeof updateNoteBody>;

/** GET /quick-panel/data: the user's day, in the user's zone, sent by the client (the server's UTC day when left out). */
export const quickPanelQuery = z
  .object({ date: text({ error: QUICK_PANEL_MESSAGES.date }).regex(/^\d{4}-\d{2}-\d{2}$/, QUICK_PANEL_MESSAGES.date).pipe(utcDate).optional() })
  .strict();

/** Events of the day answered at most; `moreEvents` says how many were left out. */
export const QUICK_EVENTS_MAX = 50;

/** An event or a note (spec 02 §3): id, title, detail; an event also opens its page. */
export interface QuickEvent {
  id: string;
  title: string;
  detail: string;
  url: string;
}

export interface QuickNote {
  id: number;
  title: string;
  detail: string | null;
  updatedAt: string;
}

export interface QuickPanelData {
  date: string;
  events: QuickEvent[];
  moreEvents: number;
  notes: QuickNote[];
  settings: QuickSettings;
}
