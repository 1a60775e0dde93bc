import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';
import { columnTypes } from '../column-types.js';

export function foundation(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('users'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('phone', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('birthday', 'text')
        .addColumn('address', 'text')
        .addColumn('country', 'text')
        .addColumn('state', 'text')
        .addColumn('city', 'text')
        .addColumn('zip', 'text')
        .addColumn('ssn', 'text')
        .addColumn('drivers_license', 'text')
        .addColumn('cdl', 'text')
        .addColumn('emergency_contact_name', 'text')
        .addColumn('emergency_contact_phone', 'text')
        .addColumn('avatar_id', 'integer')
        .addColumn('avatar_url', 'text')
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('shortcuts', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('revoked_at', t.timestamp)
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await t
        .withId(db.schema.createTable('password_resets'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('used_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();

      await t
        .withId(db.schema.createTable('user_views'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('user_views_user_type_name_unique').on('user_views').columns(['user_id', 'type', 'name']).unique().execute();

      await t
        .withId(db.schema.createTable('companies'))
        .addColumn('parent_id', 'integer', (c) => c.references('companies.id'))
        .addColumn('ein', 'text')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('country', 'text')
        .addColumn('state', 'text')
        .addColumn('city', 'text')
        .addColumn('zip', 'text')
        .addColumn('contact_name', 'text')
        .addColumn('contact_phone', 'text')
        .addColumn('contact_email', 'text')
        .addColumn('logo_url', 'text')
        .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('invoice_settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('deleted_at', t.timestamp)
        .execute();
      await db.schema.createIndex('companies_parent_idx').on('companies').column('parent_id').execute();
      await db.schema.createIndex('companies_name_idx').on('companies').column('name').execute();

      await t
        .withId(db.schema.createTable('roles'))
        .addColumn('scope_type', 'text', (c) => c.notNull())
        .addColumn('scope_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('assignable', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('roles_scope_name_unique', ['scope_type', 'scope_id', 'name'])
        .execute();

      await t
        .withId(db.schema.createTable('memberships'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('project_id', 'integer')
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('company'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('country', 'text')
        .addColumn('state', 'text')
        .addColumn('notification_settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('invite_token_hash', 'text', (c) => c.unique())
        .addColumn('invite_expires_at', t.timestamp)
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('decline_reason', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('memberships_user_idx').on('memberships').columns(['user_id', 'status']).execute();
      await db.schema.createIndex('memberships_company_idx').on('memberships').columns(['company_id', 'type', 'status']).execute();
      await db.schema.createIndex('memberships_company_email_idx').on('memberships').columns(['company_id', 'email']).execute();

      await t
        .withId(db.schema.createTable('crews'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('crews_company_idx').on('crews').columns(['company_id', 'name']).execute();

      await db.schema
        .createTable('crew_members')
        .addColumn('crew_id', 'integer', (c) => c.notNull().references('crews.id').onDelete('cascade'))
        .addColumn('membership_id', 'integer', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
        .addColumn('is_leader', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('crew_members_pk', ['crew_id', 'membership_id', 'is_leader'])
        .execute();
      await db.schema.createIndex('crew_members_membership_idx').on('crew_members').column('membership_id').execute();

      await t
        .withId(db.schema.createTable('audit_events'))
        .addColumn('company_id', 'integer')
        .addColumn('actor_user_id', 'integer')
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_entity_idx').on('audit_events').columns(['entity_type', 'entity_id', 'created_at']).execute();
      await db.schema.createIndex('audit_company_idx').on('audit_events').columns(['company_id', 'created_at']).execute();

      await t
        .withId(db.schema.createTable('mail_outbox'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('sent_at', t.timestamp)
        .execute();
    },
  };
}
