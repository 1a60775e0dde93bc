import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Dashboards, their widgets and their public links (issue 18). A dashboard belongs to a company and
 * its owner, shared with the company or private; a role's default dashboard (`role`) is one a new
 * company starts with. A widget keeps its place on the grid and, on a public dashboard, whether guests
 * see it. A publication is one public URL (128 random bits, base64url): a revoked one stays in the
 * table, dead for good, so making a dashboard public again gives a new URL and the history says who
 * published and who revoked each one.
 */
export function dashboards(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('dashboards'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('role', 'text')
        .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dashboards_company_idx').on('dashboards').columns(['company_id', 'owner_user_id']).execute();
      // One default dashboard per company and role: of the first viewers of a role opening the dashboard
      // at once, exactly one insert wins. NULLs are distinct on both engines, so own dashboards are free.
      await db.schema.createIndex('dashboards_company_role_uq').on('dashboards').columns(['company_id', 'role']).unique().execute();

      await t
        .withId(db.schema.createTable('dashboard_widgets'))
        .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('configuration', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dashboard_widgets_dashboard_idx').on('dashboard_widgets').columns(['dashboard_id', 'id']).execute();

      await t
        .withId(db.schema.createTable('dashboard_publications'))
        .addColumn('dashboard_id', 'integer', (c) => c.notNull().references('dashboards.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('public_url', 'text', (c) => c.notNull().unique())
        .addColumn('public_filters', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('published_at', t.timestamp, (c) => c.notNull())
        .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('revoked_at', t.timestamp)
        .execute();
      await db.schema.createIndex('dashboard_publications_dashboard_idx').on('dashboard_publications').columns(['dashboard_id', 'revoked_at']).execute();
      await db.schema.createIndex('dashboard_publications_company_idx').on('dashboard_publications').columns(['company_id', 'revoked_at']).execute();
    },
  };
}
