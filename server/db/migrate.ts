import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './index.js';
import { foundation } from './migrations/0001_foundation.js';

/** Versioned migrations in order; the same list runs on SQLite and PostgreSQL. Never edit a released one: add the next. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
  };
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
