import { QUICK_NOTES_MAX, QUICK_PANEL_MESSAGES, type CreateNoteBody, type QuickNote, type UpdateNoteBody } from '../../../resources/quick-panel.js';
import type { Executor } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import { conflict, notFound } from '../../http/errors.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';

const toNote = (r: { id: number; title: string; detail: string | null; updated_at: string }): QuickNote => ({ id: r.id, title: r.title, detail: r.detail, updatedAt: r.updated_at });

/** The user's notes, newest first (at most QUICK_NOTES_MAX exist). */
export async function listNotes(db: Executor, userId: number): Promise<QuickNote[]> {
  const rows = await db.selectFrom('quick_notes').select(['id', 'title', 'detail', 'updated_at']).where('user_id', '=', userId).orderBy('id', 'desc').limit(QUICK_NOTES_MAX).execute();
  return rows.map(toNote);
}

/** POST /quick-panel/notes. */
export function createNote(services: Services, actor: Actor, body: CreateNoteBody): Promise<QuickNote> {
  return services.db.transaction().execute(async (trx) => {
    const count = await trx.selectFrom('quick_notes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', actor.user.id).executeTakeFirst();
    if (Number(count?.n ?? 0) >= QUICK_NOTES_MAX) throw conflict(QUICK_PANEL_MESSAGES.tooMany, 'TOO_MANY_NOTES');
    const now = nowIso();
    const row = await trx
      .insertInto('quick_notes')
      .values({ user_id: actor.user.id, title: body.title, detail: body.detail, created_at: now, updated_at: now })
      .returning(['id', 'title', 'detail', 'updated_at'])
      .executeTakeFirstOrThrow();
    return toNote(row);
  });
}

/** PATCH /quick-panel/notes/{id}: the caller's own note; anyone else's is a 404. */
export async function updateNote(services: Services, actor: Actor, id: number, body: UpdateNoteBody): Promise<QuickNote> {
  const row = await services.db
    .updateTable('quick_notes')
    .set({ ...(body.title !== undefined ? { title: body.title } : {}), ...(body.detail !== undefined ? { detail: body.detail } : {}), updated_at: nowIso() })
    .where('id', '=', id)
    .where('user_id', '=', actor.user.id)
    .returning(['id', 'title', 'detail', 'updated_at'])
    .executeTakeFirst();
  if (!row) throw notFound('Note');
  return toNote(row);
}

/** DELETE /quick-panel/notes/{id}: the caller's own note; anyone else's is a 404. */
export async function deleteNote(services: Services, actor: Actor, id: number): Promise<void> {
  const result = await services.db.deleteFrom('quick_notes').where('id', '=', id).where('user_id', '=', actor.user.id).executeTakeFirst();
  if (!Number(result.numDeletedRows)) throw notFound('Note');
}

/** The route guard: another user's note is a 404 before the body is read. */
export async function ownNote(services: Services, actor: Actor, id: number): Promise<void> {
  const row = await services.db.selectFrom('quick_notes').select('id').where('id', '=', id).where('user_id', '=', actor.user.id).executeTakeFirst();
  if (!row) throw notFound('Note');
}
