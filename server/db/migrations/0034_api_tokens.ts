import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * API tokens (issue 23): a company's credentials for integrations, kept as the sha256 of their
 * secret (32 random bytes, so a plain hash suffices: nothing to guess), with the permissions they
 * carry, an optional project and expiry, and when they were last used (written at most once a
 * minute). The audit trail gains `via_token`: the token's name when a change came through one.
 * Numbered 0034; webhooks take 0035 on their own branch.
 */
export function apiTokens(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('api_tokens'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('hint', 'text', (c) => c.notNull())
        // JSON: [{ resourceType, action }] as given at creation; cut to the creator's role at each request.
        .addColumn('permissions', 'text', (c) => c.notNull())
        .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp)
        .addColumn('last_used_at', t.timestamp)
        .addColumn('revoked_at', t.timestamp)
        .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('api_tokens_company_idx').on('api_tokens').columns(['company_id', 'id']).execute();
      await db.schema.alterTable('audit_events').addColumn('via_token', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('audit_events').dropColumn('via_token').execute();
      await db.schema.dropTable('api_tokens').execute();
    },
  };
}
