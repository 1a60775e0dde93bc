import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';
import type { Dialect } from './index.js';

/** The few column types that differ between SQLite and PostgreSQL, so one migration serves both. */
export function columnTypes(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    timestamp: pg ? sql`timestamptz` : sql`text`,
    /** Adds an auto-incrementing integer primary key named id. */
    withId<T extends string>(table: CreateTableBuilder<T, never>) {
      return pg
        ? table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
        : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
    },
  };
}
