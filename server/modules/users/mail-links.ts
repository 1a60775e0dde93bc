import type { Selectable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../lib/json.js';
import { hashToken, randomToken } from '../../lib/tokens.js';

/**
 * Single-use links mailed to a user (password reset, e-mail change). Only the token's hash is
 * stored; a link works once, before it expires, and spending one spends every other open link of
 * that user in the same table.
 */
export type LinkTable = 'password_resets' | 'email_changes';

/** Stores a new link inside the caller's transaction and answers the token that goes into the mail. */
export async function issueLink<T extends LinkTable>(
  trx: Executor,
  table: T,
  userId: number,
  lifetimeMs: number,
  extra: T extends 'email_changes' ? { new_email: string } : Record<string, never>,
): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await trx
    .insertInto(table as LinkTable)
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
      ...(extra as { new_email: string }),
    })
    .execute();
  return token;
}

/** The link a token names when it is still unused and unexpired. */
export async function openLink<T extends LinkTable>(db: Executor, table: T, token: string): Promise<Selectable<DB[T]> | undefined> {
  const link = await db.selectFrom(table as LinkTable).selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return link && !link.used_at && link.expires_at > nowIso() ? (link as Selectable<DB[T]>) : undefined;
}

/**
 * Spends every open link of the user; true when `linkId` was among them, false when a concurrent
 * request spent it first.
 */
export async function spendLinks(trx: Executor, table: LinkTable, userId: number, linkId?: number): Promise<boolean> {
  const spent = await trx
    .updateTable(table)
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return spent.some((r) => r.id === linkId);
}
