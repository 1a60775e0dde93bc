import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Daily logs with check-in, and locate tickets with the utilities' responses (issue 10). Days are
 * 'YYYY-MM-DD' text; positions are double-precision lat/lng, both set or both null. A log's weather
 * is compact JSON (resources/log.ts LogWeather), null without a weather service. The indexes serve
 * the lists as read: a company's logs newest day first, by project, crew, author or status; a
 * company's tickets next to expire first, by status or project; a ticket number once per company.
 */
export function logsLocates(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('logs'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
        .addColumn('crew_id', 'integer', (c) => c.references('crews.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('lat', 'double precision')
        .addColumn('lng', 'double precision')
        .addColumn('address', 'text')
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('description', 'text')
        .addColumn('weather', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      // GET /logs unfiltered and by date range (the calendar's month too), newest first.
      await db.schema.createIndex('logs_company_date_idx').on('logs').columns(['company_id', 'date', 'id']).execute();
      // projectId filter (and a project's check-ins on the map), in date order.
      await db.schema.createIndex('logs_project_date_idx').on('logs').columns(['project_id', 'date', 'id']).execute();
      // crewId and userId filters: led by company_id, so their counts read the index alone.
      await db.schema.createIndex('logs_company_crew_date_idx').on('logs').columns(['company_id', 'crew_id', 'date', 'id']).execute();
      await db.schema.createIndex('logs_company_user_date_idx').on('logs').columns(['company_id', 'user_id', 'date', 'id']).execute();
      await db.schema.createIndex('logs_company_status_date_idx').on('logs').columns(['company_id', 'status', 'date', 'id']).execute();

      await t
        .withId(db.schema.createTable('locates'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('client_id', 'integer', (c) => c.references('companies.id'))
        .addColumn('ticket_number', 'text', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('lat', 'double precision')
        .addColumn('lng', 'double precision')
        .addColumn('dig_start_date', 'text', (c) => c.notNull())
        .addColumn('expires_on', 'text', (c) => c.notNull())
        // open | ready | closed; "expired" is derived from expires_on (resources/locate.ts).
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('description', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('locates_ticket_uq', ['company_id', 'ticket_number'])
        .execute();
      await db.schema.createIndex('locates_company_expires_idx').on('locates').columns(['company_id', 'expires_on', 'id']).execute();
      await db.schema.createIndex('locates_company_status_idx').on('locates').columns(['company_id', 'status', 'expires_on', 'id']).execute();
      await db.schema.createIndex('locates_project_idx').on('locates').columns(['project_id', 'expires_on', 'id']).execute();

      await t
        .withId(db.schema.createTable('locate_responses'))
        .addColumn('locate_id', 'integer', (c) => c.notNull().references('locates.id').onDelete('cascade'))
        .addColumn('utility_name', 'text', (c) => c.notNull())
        // pending | clear | marked | conflict
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('note', 'text')
        .addColumn('responded_at', t.timestamp)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('locate_responses_locate_idx').on('locate_responses').columns(['locate_id', 'id']).execute();
    },
  };
}
