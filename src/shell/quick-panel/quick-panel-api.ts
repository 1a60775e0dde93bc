import type { QuickNote, QuickPanelData, QuickSettings } from '../../../resources/quick-panel';
import { apiFetch } from '../../api/http';

/** The user's own day (their zone), as GET /quick-panel/data takes it. */
export function localDay(d = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export const fetchQuickPanel = (date: string, signal?: AbortSignal) => apiFetch<QuickPanelData>(`/quick-panel/data?date=${date}`, { signal, quiet: true }).then((r) => r.data);

export const createNote = (note: { title: string; detail: string }) => apiFetch<QuickNote>('/quick-panel/notes', { method: 'POST', body: note, quiet: true }).then((r) => r.data);

export const updateNote = (id: number, note: { title: string; detail: string }) => apiFetch<QuickNote>(`/quick-panel/notes/${id}`, { method: 'PATCH', body: note, quiet: true }).then((r) => r.data);

export const deleteNote = (id: number) => apiFetch<void>(`/quick-panel/notes/${id}`, { method: 'DELETE', quiet: true });

export const saveQuickSettings = (change: Partial<QuickSettings>) => apiFetch<QuickSettings>('/quick-panel/settings', { method: 'PATCH', body: change, quiet: true }).then((r) => r.data);
