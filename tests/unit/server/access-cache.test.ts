import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { AccessCache } from '../../../server/http/access-cache.js';
import { watchWrites, writtenTables } from '../../../server/db/write-watch.js';

describe('access cache', () => {
  it('answers a cached value until cleared', async () => {
    const cache = new AccessCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep a value whose load spanned a clear (it may have read rows being changed)', async () => {
    const cache = new AccessCache(60_000);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.invalidate();
    release();
    expect(await slow).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('expires entries after its time to live', async () => {
    const cache = new AccessCache(1);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });
});

describe('write watch', () => {
  it('reads the written tables off compiled SQL', () => {
    expect(writtenTables('insert into "sessions" ("id") values (?)')).toEqual(['sessions']);
    expect(writtenTables('update "memberships" as "m" set "role_id" = ?')).toEqual(['memberships']);
    expect(writtenTables('delete from "crew_members" where "crew_id" = ?')).toEqual(['crew_members']);
    expect(writtenTables('select "updated_at" from "users" where "id" = ?')).toEqual([]);
  });

  it('calls back on writes to watched tables, and again when their transaction commits', async () => {
    const events: string[] = [];
    const db = new Kysely<any>({
      dialect: watchWrites(new SqliteDialect({ database: new Database(':memory:') }), new Set(['roles']), () => events.push('write')),
    });
    await sql`create table roles (id integer primary key, name text)`.execute(db);
    await sql`create table notes (id integer primary key, body text)`.execute(db);
    await db.insertInto('notes').values({ body: 'x' }).execute();
    await db.selectFrom('roles').selectAll().execute();
    expect(events).toEqual([]);
    await db.insertInto('roles').values({ name: 'Owner' }).execute();
    expect(events).toEqual(['write']);
    events.length = 0;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('roles').set({ name: 'Boss' }).execute();
      events.push('in transaction');
    });
    expect(events).toEqual(['write', 'in transaction', 'write']);
    events.length = 0;
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('roles').execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // A rolled-back write changed nothing: no second call.
    expect(events).toEqual(['write']);
    await db.destroy();
  });
});
