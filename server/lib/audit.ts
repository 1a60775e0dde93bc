import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from '../db/index.js';

/** The API token a request came with, by name: every change it records says "via <name>". Set around route handlers. */
const viaToken = new AsyncLocalStorage<string>();

export const withApiToken = <T>(name: string | null | undefined, work: () => T): T => (name ? viaToken.run(name, work) : work());

export interface AuditActor {
  userId: number | null;
  companyId: number | null;
}

export interface AuditEntry {
  entityType: string;
  entityId: string | number;
  action: string;
  /** The entity before and after the change; only the fields that differ are kept. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Overrides the actor's active company, for changes to another company's rows (creating a company). */
  companyId?: number | null;
}

// Never copied into the audit trail: the trail is shown to other people, and identity numbers are
// kept only encrypted (a change shows as the event, without the values).
const SECRET_FIELDS = new Set(['password', 'password_hash', 'passwordHash', 'token', 'token_hash', 'tokenHash', 'secret', 'ssn', 'drivers_license', 'driversLicense']);

export function diff(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (SECRET_FIELDS.has(key) || key === 'updated_at' || key === 'updatedAt') continue;
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/** Every mutation records who changed what and when; call it inside the mutation's transaction. */
export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      company_id: entry.companyId === undefined ? actor.companyId : entry.companyId,
      actor_user_id: actor.userId,
      entity_type: entry.entityType,
      entity_id: String(entry.entityId),
      action: entry.action,
      changes: JSON.stringify(diff(entry.before, entry.after)),
      created_at: new Date().toISOString(),
      via_token: viaToken.getStore() ?? null,
    })
    .execute();
}
