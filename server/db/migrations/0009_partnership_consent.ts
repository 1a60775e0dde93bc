import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.js';
import type { Dialect } from '../index.js';

/** The items' foreign keys that reached into other companies' rows, and the plain ones they become. */
const ITEM_KEYS = [
  // A partnership is shared by two companies; each side's items for it are that side's own.
  { column: 'partnership_id', target: 'partnerships', was: 'on delete cascade' },
  // A partnership's markets are the host's; the partner's items may name one of them.
  { column: 'market_id', target: 'markets', was: 'on delete set null' },
] as const;

/**
 * Partnerships need the other company's consent and end without deleting: a decline reason and the
 * end on the partnership itself, one live partnership per pair and direction (ended and declined
 * ones stay beside it), and no cascade from a partnership or market into another company's items.
 */
export function partnershipConsent(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('partnerships').addColumn('decline_reason', 'text').execute();
      await db.schema.alterTable('partnerships').addColumn('ended_at', t.timestamp).execute();
      await db.schema.alterTable('partnerships').addColumn('ended_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
      await db.schema.alterTable('partnerships').addColumn('ended_by_company_id', 'integer', (c) => c.references('companies.id')).execute();
      // The reason of an e-mail invitation's decline moves to the partnership, where a request's is kept too.
      await sql`update partnerships set decline_reason = (select i.decline_reason from partnership_invitations i where i.partnership_id = partnerships.id)`.execute(db);
      await db.schema.alterTable('partnership_invitations').dropColumn('decline_reason').execute();

      await db.schema.dropIndex('partnerships_pair_unique').execute();
      await sql`create unique index partnerships_live_pair_unique on partnerships (client_id, subcontractor_id) where status in ('requested', 'active')`.execute(db);

      if (dialect === 'postgres') await plainItemKeysPostgres(db);
      else await plainItemKeysSqlite(db);
    },
  };
}

async function plainItemKeysPostgres(db: Kysely<any>) {
  for (const key of ITEM_KEYS) {
    const { rows } = await sql<{ name: string }>`
      select c.conname as name from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.conrelid = 'items'::regclass and c.contype = 'f' and a.attname = ${key.column}`.execute(db);
    for (const { name } of rows) await sql`alter table items drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table items add constraint ${sql.id(`items_${key.column}_fkey`)} foreign key (${sql.id(key.column)}) references ${sql.id(key.target)} (id)`.execute(db);
  }
}

/**
 * SQLite cannot alter a foreign key: the table is rebuilt from its own stored definition with the
 * clauses removed (so columns added by other migrations come along), as SQLite's documentation
 * describes, with foreign keys off meanwhile so that dropping the old table touches no other table.
 */
async function plainItemKeysSqlite(db: Kysely<any>) {
  const { rows } = await sql<{ type: string; sql: string }>`select type, sql from sqlite_master where tbl_name = 'items' and sql is not null`.execute(db);
  let create = rows.find((r) => r.type === 'table')?.sql ?? '';
  for (const key of ITEM_KEYS) {
    const clause = `references "${key.target}" ("id") ${key.was}`;
    if (!create.includes(clause)) throw new Error(`items: expected "${clause}" in its definition`);
    create = create.replace(clause, `references "${key.target}" ("id")`);
  }
  const indexes = rows.filter((r) => r.type === 'index').map((r) => r.sql);
  const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'items'`.execute(db);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(create.replace(/^CREATE TABLE "items"/, 'CREATE TABLE "items_rebuilt"')).execute(trx);
      await sql`insert into items_rebuilt select * from items`.execute(trx);
      await sql`drop table items`.execute(trx);
      await sql`alter table items_rebuilt rename to items`.execute(trx);
      for (const index of indexes) await sql.raw(index).execute(trx);
      if (seq.rows[0]) await sql`update sqlite_sequence set seq = ${seq.rows[0].seq} where name = 'items'`.execute(trx);
      const broken = await sql`pragma foreign_key_check(items)`.execute(trx);
      if (broken.rows.length) throw new Error('items: foreign keys broken by the rebuild');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
