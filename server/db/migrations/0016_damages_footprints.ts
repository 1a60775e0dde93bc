import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/**
 * Damages and footprints (issue 10). Both belong to the company that recorded them, on a project
 * it works on. Days are 'YYYY-MM-DD' text; money integer cents; positions double-precision lat/lng.
 * A footprint keeps its drawn points as JSON ([[lat, lng], …]) with the measures the server computed
 * from them and the middle of its box (center_lat/lng) for map layers and bounding-box queries.
 * Files of either are rows of `files` owned by the record (entity 'damage' | 'footprint'), so no
 * table of their own. Indexes serve the lists as read: newest day first, by project, status, type.
 */
export function damagesFootprints(dialect: Dialect) {
  const t = columnTypes(dialect);
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await t
        .withId(db.schema.createTable('damages'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('damage_date', 'text', (c) => c.notNull())
        .addColumn('safety_authority_id', 'integer', (c) => c.references('safety_authorities.id').onDelete('set null'))
        .addColumn('damage_type_id', 'integer', (c) => c.references('damage_types.id').onDelete('set null'))
        .addColumn('description', 'text')
        .addColumn('address', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('lat', 'double precision')
        .addColumn('lng', 'double precision')
        .addColumn('amount_cents', big)
        // reported | claimed | in_repair | closed (resources/damage.ts DAMAGE_MOVES).
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('reported'))
        .addColumn('reported_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      // GET /damages: newest damage date first (ties newest id first), unfiltered and by status or project.
      await db.schema.createIndex('damages_company_date_idx').on('damages').columns(['company_id', 'damage_date', 'id']).execute();
      await db.schema.createIndex('damages_company_status_idx').on('damages').columns(['company_id', 'status', 'damage_date', 'id']).execute();
      await db.schema.createIndex('damages_project_date_idx').on('damages').columns(['project_id', 'damage_date', 'id']).execute();

      await t
        .withId(db.schema.createTable('footprints'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('type_id', 'integer', (c) => c.notNull().references('footprint_types.id'))
        .addColumn('crew_id', 'integer', (c) => c.references('crews.id').onDelete('set null'))
        .addColumn('date', 'text', (c) => c.notNull())
        // polygon | line
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('points', 'text', (c) => c.notNull())
        // Square metres of a polygon (null for a line); length_m is a line's length or a polygon's perimeter.
        .addColumn('area_m2', 'double precision')
        .addColumn('length_m', 'double precision', (c) => c.notNull())
        .addColumn('center_lat', 'double precision', (c) => c.notNull())
        .addColumn('center_lng', 'double precision', (c) => c.notNull())
        // open | temporary | restored | inspected (resources/footprint.ts RESTORATION_MOVES).
        .addColumn('restoration_status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('notes', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('footprints_company_date_idx').on('footprints').columns(['company_id', 'date', 'id']).execute();
      await db.schema.createIndex('footprints_company_status_idx').on('footprints').columns(['company_id', 'restoration_status', 'date', 'id']).execute();
      await db.schema.createIndex('footprints_project_date_idx').on('footprints').columns(['project_id', 'date', 'id']).execute();
      await db.schema.createIndex('footprints_crew_date_idx').on('footprints').columns(['crew_id', 'date', 'id']).execute();
      // A map's bounding box over a company's footprints.
      await db.schema.createIndex('footprints_company_center_idx').on('footprints').columns(['company_id', 'center_lat', 'center_lng']).execute();
    },
  };
}
