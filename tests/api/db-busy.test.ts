import Database from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import { DATABASES, ownerWithCompany, startTestServer } from './harness.js';
import { SQLITE_FILE } from '../../server/db/index.js';

/** Issue 22: a SQLite database locked by another process past the busy timeout is a 503 to retry, not a 500. */
describe('SQLite locked by another process', () => {
  let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
  beforeAll(async () => {
    server = await startTestServer(null);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while the lock is held, and writes again once it is let go', async () => {
    const s = server!;
    const { token } = await ownerWithCompany(s);
    const other = new Database(path.join(s.config.dataDir, SQLITE_FILE));
    try {
      other.exec('begin exclusive');
      // The server's write cannot take the lock (SQLITE_BUSY, at once or after its busy timeout).
      const locked = await s.call('POST', '/api/v1/crews', { token, body: { name: 'Locked out' } });
      expect(locked.status).toBe(503);
      expect(locked.headers['retry-after']).toBe('5');
      expect(locked.body.error).toEqual({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: 'The database is not reachable right now. Try again in a moment.' });
      other.exec('rollback');
      const after = await s.call('POST', '/api/v1/crews', { token, body: { name: 'Let in' } });
      expect(after.status).toBe(201);
      expect(await s.services.db.selectFrom('crews').select('name').execute()).toEqual([{ name: 'Let in' }]);
    } finally {
      other.close();
    }
  });
});

/** Issue 22: on PostgreSQL a statement stuck behind a lock is cancelled at the statement timeout and answered 503. */
for (const database of DATABASES.filter((d) => d.url)) {
  describe(`A statement held past the statement timeout [${database.name}]`, () => {
    let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
    beforeAll(async () => {
      server = await startTestServer(database.url, { statementTimeoutMs: 300 });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('is cancelled and answered 503 DATABASE_UNAVAILABLE instead of holding the request; the next write goes through', async () => {
      const s = server!;
      const { token } = await ownerWithCompany(s);
      const other = new pg.Client({ connectionString: s.config.databaseUrl! });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('lock table crews in access exclusive mode');
        const started = Date.now();
        const held = await s.call('POST', '/api/v1/crews', { token, body: { name: 'Held' } });
        expect(held.status).toBe(503);
        expect(held.body.error.code).toBe('DATABASE_UNAVAILABLE');
        expect(Date.now() - started).toBeLessThan(5000);
        await other.query('rollback');
        const after = await s.call('POST', '/api/v1/crews', { token, body: { name: 'Let in' } });
        expect(after.status).toBe(201);
      } finally {
        await other.end();
      }
    });
  });
}
