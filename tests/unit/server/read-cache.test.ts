import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { ReadCache } from '../../../server/db/read-cache.js';
import { readTables, watchTables, writtenTables } from '../../../server/db/table-watch.js';

/** An in-memory database whose writes reach the cache, as the server wires them. */
async function watchedDatabase(cache: ReadCache, events: string[][] = []) {
  const db = new Kysely<any>({
    dialect: watchTables(new SqliteDialect({ database: new Database(':memory:') }), (tables) => {
      events.push(tables);
      cache.written(tables);
    }),
  });
  await sql`create table roles (id integer primary key, name text)`.execute(db);
  await sql`create table notes (id integer primary key, body text)`.execute(db);
  await db.insertInto('roles').values({ name: 'Owner' }).execute();
  events.length = 0;
  return db;
}

const roleNames = (db: Kysely<any>) => async () => (await db.selectFrom('roles').select('name').orderBy('id').execute()).map((r) => r.name);

describe('read cache', () => {
  it('answers a cached value until a table its load read is written', async () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const db = await watchedDatabase(cache);
    let loads = 0;
    const load = async () => (loads++, roleNames(db)());
    expect(await cache.get('roles', load)).toEqual(['Owner']);
    expect(await cache.get('roles', load)).toEqual(['Owner']);
    expect(loads).toBe(1);
    // A write elsewhere keeps it.
    await db.insertInto('notes').values({ body: 'x' }).execute();
    expect(await cache.get('roles', load)).toEqual(['Owner']);
    expect(loads).toBe(1);
    await db.insertInto('roles').values({ name: 'Crew Leader' }).execute();
    expect(await cache.get('roles', load)).toEqual(['Owner', 'Crew Leader']);
    expect(loads).toBe(2);
    await db.destroy();
  });

  it('tracks tables read in joins and subqueries', async () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const db = await watchedDatabase(cache);
    let loads = 0;
    const load = async () => {
      loads++;
      return db.selectFrom('roles').select((eb) => ['name', eb.exists(eb.selectFrom('notes').select('id')).as('noted')]).execute();
    };
    await cache.get('k', load);
    await db.insertInto('notes').values({ body: 'x' }).execute();
    await cache.get('k', load);
    expect(loads).toBe(2);
    await db.destroy();
  });

  it('does not keep a value whose load spanned a write to its tables (it may have read the old rows)', async () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const db = await watchedDatabase(cache);
    let release!: () => void;
    const slow = cache.get('roles', async () => {
      const names = await roleNames(db)();
      await new Promise<void>((resolve) => (release = resolve));
      return names;
    });
    await new Promise((r) => setTimeout(r, 5));
    await db.updateTable('roles').set({ name: 'Boss' }).execute();
    release();
    expect(await slow).toEqual(['Owner']);
    expect(await cache.get('roles', roleNames(db))).toEqual(['Boss']);
    await db.destroy();
  });

  it('callers missing at once share one load, unless a write came after it began', async () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const db = await watchedDatabase(cache);
    let loads = 0;
    let release!: () => void;
    const gate = () => new Promise<void>((resolve) => (release = resolve));
    const slowLoad = async () => {
      loads++;
      const names = await roleNames(db)();
      await gate();
      return names;
    };
    const first = cache.get('roles', slowLoad);
    const second = cache.get('roles', slowLoad);
    await new Promise((r) => setTimeout(r, 5));
    release();
    expect(await Promise.all([first, second])).toEqual([['Owner'], ['Owner']]);
    expect(loads).toBe(1);

    await db.insertInto('roles').values({ name: 'Crew Leader' }).execute();
    const before = cache.get('roles', slowLoad);
    await new Promise((r) => setTimeout(r, 5));
    const releaseBefore = release;
    await db.updateTable('roles').set({ name: 'Boss' }).where('name', '=', 'Owner').execute();
    // Asked after the write: it must not take the load that began before it.
    const after = cache.get('roles', slowLoad);
    await new Promise((r) => setTimeout(r, 5));
    releaseBefore();
    release();
    expect(await before).toEqual(['Owner', 'Crew Leader']);
    expect(await after).toEqual(['Boss', 'Crew Leader']);
    expect(loads).toBe(3);
    await db.destroy();
  });

  it('drops a value on writes to tables it names as read besides those its load queried', async () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const db = await watchedDatabase(cache);
    let loads = 0;
    // Built from a role name handed in, as /users/me is built from the session's user row.
    const load = async () => (loads++, (await db.selectFrom('notes').select('body').execute()).length);
    await cache.get('view', load, { alsoReads: ['roles'] });
    await cache.get('view', load, { alsoReads: ['roles'] });
    expect(loads).toBe(1);
    await db.updateTable('roles').set({ name: 'Boss' }).execute();
    await cache.get('view', load, { alsoReads: ['roles'] });
    expect(loads).toBe(2);
    await db.destroy();
  });

  it('expires entries after its time to live', async () => {
    const cache = new ReadCache({ ttlMs: 1 });
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });

  it('keeps within its byte budget by dropping the oldest entries', async () => {
    const cache = new ReadCache({ ttlMs: 60_000, maxBytes: 10 });
    let loads = 0;
    const load = (value: string) => async () => (loads++, value);
    await cache.get('a', load('aaaa'), { sizeOf: (v) => v.length });
    await cache.get('b', load('bbbb'), { sizeOf: (v) => v.length });
    await cache.get('c', load('cccc'), { sizeOf: (v) => v.length });
    expect(loads).toBe(3);
    await cache.get('c', load('cccc'), { sizeOf: (v) => v.length });
    await cache.get('b', load('bbbb'), { sizeOf: (v) => v.length });
    expect(loads).toBe(3);
    await cache.get('a', load('aaaa'), { sizeOf: (v) => v.length });
    expect(loads).toBe(4);
  });
});

describe('table watch', () => {
  it('reads the written and read tables off compiled SQL', () => {
    expect(writtenTables('insert into "sessions" ("id") values (?)')).toEqual(['sessions']);
    expect(writtenTables('update "memberships" as "m" set "role_id" = ?')).toEqual(['memberships']);
    expect(writtenTables('delete from "crew_members" where "crew_id" = ?')).toEqual(['crew_members']);
    expect(writtenTables('select "updated_at" from "users" where "id" = ?')).toEqual([]);
    expect(readTables('select "m"."id" from "memberships" as "m" inner join "roles" as "r" on "r"."id" = "m"."role_id" where exists (select 1 from "crew_members")')).toEqual([
      'memberships',
      'roles',
      'crew_members',
    ]);
  });

  it('tells each write, and again the tables of a transaction when it commits', async () => {
    const events: string[][] = [];
    const db = await watchedDatabase(new ReadCache(), events);
    await db.selectFrom('roles').selectAll().execute();
    expect(events).toEqual([]);
    await db.insertInto('notes').values({ body: 'x' }).execute();
    expect(events).toEqual([['notes']]);
    events.length = 0;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('roles').set({ name: 'Boss' }).execute();
      await trx.insertInto('notes').values({ body: 'y' }).execute();
      events.push(['in transaction']);
    });
    expect(events).toEqual([['roles'], ['notes'], ['in transaction'], ['roles', 'notes']]);
    events.length = 0;
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('roles').execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // A rolled-back write changed nothing: no second call.
    expect(events).toEqual([['roles']]);
    await db.destroy();
  });
});
