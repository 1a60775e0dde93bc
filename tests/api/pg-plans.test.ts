import { sql } from 'kysely';
import pg from 'pg';
import { claimDue } from '../../server/jobs/job-store.js';
import { DATABASES, ownerWithCompany, startTestServer } from './harness.js';

/**
 * PostgreSQL keeps the statements the server sends again and again prepared on each connection
 * (server/db/index.ts) and plans them its own way (plan_cache_mode auto): a page's statement settles
 * on one generic plan instead of being planned on every call, while the job claim, whose generic plan
 * would read every finished job, keeps a plan made for its values. Its connections start no parallel
 * workers and compile no plan with JIT (PG_SESSION_OPTIONS).
 */
for (const database of DATABASES.filter((d) => d.url)) {
  describe(`Statements sent again and again [${database.name}]`, () => {
    let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
    beforeAll(async () => {
      server = await startTestServer(database.url);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('are prepared on the connection; a page query runs on a generic plan, the job claim over 50,000 finished jobs on plans for its values', async () => {
      const s = server!;
      const { company } = await ownerWithCompany(s);
      const db = s.services.db;
      await sql`insert into jobs (name, payload, status, attempts, max_attempts, run_at, created_at, updated_at, finished_at)
        select 'mail.send', '{}', 'done', 1, 3, now() - g * interval '1 second', now(), now(), now() from generate_series(1, 50000) g`.execute(db);
      await sql`analyze jobs`.execute(db);

      const plans = await db.connection().execute(async (conn) => {
        for (let i = 0; i < 12; i++) {
          await claimDue(conn, 'postgres', 'plans-test', { dueBefore: Date.now(), lockMs: 60_000 });
          await conn.selectFrom('crews').select(['id', 'name']).where('company_id', '=', company.id).orderBy('name').limit(25).offset(i).execute();
        }
        return (
          await sql<{ statement: string; generic_plans: string; custom_plans: string }>`select statement, generic_plans, custom_plans from pg_prepared_statements where not from_sql`.execute(conn)
        ).rows;
      });
      const claim = plans.find((p) => p.statement.startsWith('update "jobs"'));
      const page = plans.find((p) => p.statement.startsWith('select "id", "name" from "crews"'));
      // Named from the third sending in this process on (the job runner may have sent the claim before).
      expect(Number(claim!.custom_plans)).toBeGreaterThanOrEqual(10);
      expect(Number(claim!.generic_plans)).toBe(0);
      expect(Number(page!.generic_plans)).toBeGreaterThan(0);
    });

    it("runs without parallel workers or JIT, where the database's defaults would start them for a large scan", async () => {
      const db = server!.services.db;
      await sql`create table parallel_probe as select g from generate_series(1, 1000000) g`.execute(db);
      await sql`analyze parallel_probe`.execute(db);
      const question = 'explain (format json) select count(*) from parallel_probe where g % 7 = 0';
      const planText = (rows: Array<Record<string, unknown>>) => JSON.stringify(rows[0]!['QUERY PLAN']);
      // A connection of the database's own defaults, as the server's was before its session options.
      const where = (await sql<{ d: string; s: string }>`select current_database() as d, current_schema() as s`.execute(db)).rows[0]!;
      const url = new URL(database.url!);
      url.pathname = `/${where.d}`;
      const plain = new pg.Client({ connectionString: url.toString() });
      await plain.connect();
      try {
        await plain.query(`set search_path = ${where.s}`);
        expect(planText((await plain.query(question)).rows)).toContain('Gather');
      } finally {
        await plain.end();
      }
      expect(planText((await sql.raw<Record<string, unknown>>(question).execute(db)).rows)).not.toContain('Gather');
      const settings = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(db);
      expect(settings.rows[0]!.jit).toBe('off');
      await sql`drop table parallel_probe`.execute(db);
    });
  });
}
