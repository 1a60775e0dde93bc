import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * The text columns whose "contains", "starts with", "ends with" and `q` filters a trigram index
 * serves, per table (server/lib/text-search.ts reads this list; a later migration extends it).
 */
export const TEXT_INDEXED_0011 = {
  memberships: ['name', 'email', 'phone', 'status'],
  items: ['name', 'code'],
  crews: ['name'],
} as const;

/**
 * Large lists: trigram indexes for text filters (SQLite: an FTS5 trigram table per table, kept by
 * triggers; PostgreSQL: pg_trgm GIN indexes), and each company's member count kept by triggers, so
 * the members grid's total costs one row read instead of counting 100,000.
 */
export function largeLists(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        for (const [table, columns] of Object.entries(TEXT_INDEXED_0011)) await sqliteTextIndex(db, table, columns);
      } else {
        await postgresTextIndexes(db);
      }

      await db.schema
        .createTable('list_totals')
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('scope_id', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('list_totals_pk', ['list', 'scope_id'])
        .execute();
      await sql`insert into list_totals (list, scope_id, n) select 'members', company_id, count(*) from memberships where type = 'company' group by company_id`.execute(db);
      await (dialect === 'sqlite' ? sqliteMemberTotals(db) : postgresMemberTotals(db));
    },
  };
}

/**
 * `<table>_text` indexes the columns' trigrams for rows of `table` (rowid = id) without a copy of the
 * text (external content). Triggers keep it in step; an update reindexes only when an indexed column changed.
 */
export async function sqliteTextIndex(db: Kysely<any>, table: string, columns: readonly string[]) {
  const fts = `${table}_text`;
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  const statements = [
    `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
    `insert into ${fts} (${fts}) values ('rebuild')`,
    `create trigger ${fts}_insert after insert on ${table} begin
       insert into ${fts} (rowid, ${list}) values (new.id, ${values('new')});
     end`,
    `create trigger ${fts}_delete after delete on ${table} begin
       insert into ${fts} (${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')});
     end`,
    `create trigger ${fts}_update after update of ${list} on ${table} begin
       insert into ${fts} (${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')});
       insert into ${fts} (rowid, ${list}) values (new.id, ${values('new')});
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * GIN trigram indexes on `column collate "C"`, the form list-query's ILIKE takes (ASCII folding, as
 * on SQLite): an index on the plain column would not serve it. Without pg_trgm on the server the
 * migration goes on with a warning, and those filters scan their tables as before.
 */
async function postgresTextIndexes(db: Kysely<any>) {
  // Migrations run in one transaction: a failed CREATE EXTENSION must not abort the rest.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    // Into public, not the connection's schema: tests and the bench drop their schemas with cascade,
    // which would take the extension, and every other schema's indexes, with it.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch (err) {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    process.emitWarning(
      `pg_trgm could not be installed (${err instanceof Error ? err.message : String(err)}): text filters on large lists will scan their tables. To index them, install pg_trgm and run the create extension and create index statements of server/db/migrations/0011_large_lists.ts.`,
      'FieldworkMigrationWarning',
    );
    return;
  }
  await postgresTrigramIndexes(db, TEXT_INDEXED_0011);
}

/** GIN trigram indexes on `column collate "C"` for each table's columns; none when pg_trgm is not installed. */
export async function postgresTrigramIndexes(db: Kysely<any>, tables: Record<string, readonly string[]>) {
  // An earlier installation may have put it elsewhere: its operator class is named with its schema.
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  if (!rows[0]) return;
  const ops = sql`${sql.id(rows[0].schema)}.gin_trgm_ops`;
  for (const [table, columns] of Object.entries(tables)) {
    for (const column of columns) {
      await sql`create index ${sql.id(`${table}_${column}_trgm_idx`)} on ${sql.table(table)} using gin (${sql.ref(column)} collate "C" ${ops})`.execute(db);
    }
  }
}

async function sqliteMemberTotals(db: Kysely<any>) {
  const increment = (row: 'new') => `insert into list_totals (list, scope_id, n) values ('members', ${row}.company_id, 1)
         on conflict (list, scope_id) do update set n = n + 1;`;
  const decrement = (row: 'old') => `update list_totals set n = n - 1 where list = 'members' and scope_id = ${row}.company_id;`;
  const statements = [
    `create trigger memberships_total_insert after insert on memberships when new.type = 'company' begin ${increment('new')} end`,
    `create trigger memberships_total_delete after delete on memberships when old.type = 'company' begin ${decrement('old')} end`,
    `create trigger memberships_total_leave after update of type, company_id on memberships when old.type = 'company' begin ${decrement('old')} end`,
    `create trigger memberships_total_join after update of type, company_id on memberships when new.type = 'company' begin ${increment('new')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresMemberTotals(db: Kysely<any>) {
  await sql`
    create function memberships_total() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.type = 'company' then
        update list_totals set n = n - 1 where list = 'members' and scope_id = old.company_id;
      end if;
      if tg_op <> 'DELETE' and new.type = 'company' then
        insert into list_totals (list, scope_id, n) values ('members', new.company_id, 1)
          on conflict (list, scope_id) do update set n = list_totals.n + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger memberships_total after insert or delete or update of type, company_id on memberships for each row execute function memberships_total()`.execute(db);
}
