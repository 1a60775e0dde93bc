import { nowIso } from './json.js';
import { hashToken } from './tokens.js';

/** Where an invitation link stands: still answerable, answered (used, declined or withdrawn), or past its time. */
export type InvitationState = 'open' | 'answered' | 'expired';

/** How one kind of invitation is stored: its row by token hash, and whether that row still waits for an answer. */
export interface InvitationStore<Row> {
  find(tokenHash: string): Promise<Row | undefined>;
  unanswered(row: Row): boolean;
  expiresAt(row: Row): string | null;
}

/**
 * Every invitation link (member and partner alike) is looked up the same way: by the hash of its
 * token, since only the hash is stored, then judged answered or expired. Undefined for an unknown token.
 */
export async function lookupInvitation<Row>(store: InvitationStore<Row>, token: string): Promise<{ row: Row; state: InvitationState } | undefined> {
  const row = await store.find(hashToken(token));
  if (!row) return undefined;
  if (!store.unanswered(row)) return { row, state: 'answered' };
  const expiresAt = store.expiresAt(row);
  return { row, state: expiresAt !== null && expiresAt > nowIso() ? 'open' : 'expired' };
}

/** The invitation behind a token while it can still be answered; undefined otherwise. */
export async function openInvitation<Row>(store: InvitationStore<Row>, token: string): Promise<Row | undefined> {
  const found = await lookupInvitation(store, token);
  return found?.state === 'open' ? found.row : undefined;
}
