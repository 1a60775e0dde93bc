import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/index.js';
import { nowIso } from '../../lib/json.js';
import type { Services } from '../../services.js';

const DAY = 24 * 60 * 60 * 1000;
/** Remember me keeps a session for a week; without it, for the working day. */
export const SESSION_LIFETIME = { remember: 7 * DAY, brief: 12 * 60 * 60 * 1000 };

export async function startSession(db: Executor, services: Services, userId: number, remember = true): Promise<string> {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + (remember ? SESSION_LIFETIME.remember : SESSION_LIFETIME.brief));
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, created_at: nowIso(), expires_at: expiresAt.toISOString(), revoked_at: null })
    .execute();
  return services.signer.sign({ userId, sessionId: id }, expiresAt);
}

/** Revokes the session; its sockets are told and closed once the request has succeeded. */
export async function endSession(db: Executor, services: Services, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  services.realtime.endSessions([sessionId]);
}

/** Ends every session of the user except the one given (after a password change), and closes their sockets. */
export async function endOtherSessions(db: Executor, services: Services, userId: number, keepSessionId: string | null): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  const ended = await q.returning('id').execute();
  services.realtime.endSessions(ended.map((row) => row.id));
}
