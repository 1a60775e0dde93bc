import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Partnerships between companies (a client and a subcontractor), their e-mail invitations, and the
 * markets a host company files its partnerships under.
 */
export function partnerships(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      // company_id is the host that made the partnership; client_id and subcontractor_id hold both
      // sides once known (the invited side stays null until the invitation is accepted).
      await t
        .withId(db.schema.createTable('partnerships'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('partner_company_id', 'integer', (c) => c.references('companies.id'))
        .addColumn('partner_type', 'text', (c) => c.notNull())
        .addColumn('client_id', 'integer', (c) => c.references('companies.id'))
        .addColumn('subcontractor_id', 'integer', (c) => c.references('companies.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text')
        .addColumn('contact_email', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('partnerships_client_idx').on('partnerships').columns(['client_id', 'status', 'created_at']).execute();
      await db.schema.createIndex('partnerships_subcontractor_idx').on('partnerships').columns(['subcontractor_id', 'status', 'created_at']).execute();
      await db.schema.createIndex('partnerships_company_idx').on('partnerships').columns(['company_id', 'partner_type', 'status']).execute();
      // One relationship per pair and direction, whoever made it.
      await db.schema
        .createIndex('partnerships_pair_unique')
        .on('partnerships')
        .columns(['client_id', 'subcontractor_id'])
        .unique()
        .where((eb) => eb.and([eb('client_id', 'is not', null), eb('subcontractor_id', 'is not', null)]))
        .execute();

      await t
        .withId(db.schema.createTable('partnership_invitations'))
        .addColumn('partnership_id', 'integer', (c) => c.notNull().unique().references('partnerships.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('guest_type', 'text', (c) => c.notNull())
        .addColumn('contact_email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decline_reason', 'text')
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('answered_at', t.timestamp)
        .addColumn('answered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();

      await t
        .withId(db.schema.createTable('markets'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        // Lower-cased name: unique per company and what the prefix search reads.
        .addColumn('search_name', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('markets_company_search_unique', ['company_id', 'search_name'])
        .execute();

      await db.schema
        .createTable('partnership_markets')
        .addColumn('partnership_id', 'integer', (c) => c.notNull().references('partnerships.id').onDelete('cascade'))
        .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('partnership_markets_pk', ['partnership_id', 'market_id'])
        .execute();
      await db.schema.createIndex('partnership_markets_market_idx').on('partnership_markets').column('market_id').execute();
    },
  };
}
