import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { DATABASES, freshSchema } from './harness.js';

const run = promisify(execFile);

/** `npm run seed:demo` against the given data folder and database, as a person would run it. */
async function seed(dataDir: string, databaseUrl: string | null) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SMTP_URL: '', REDIS_URL: '' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const { stdout } = await run(path.resolve('node_modules/.bin/tsx'), ['scripts/seed-demo.ts'], { env, timeout: 150_000 });
  return stdout;
}

for (const database of DATABASES) {
  describe(`npm run seed:demo [${database.name}]`, () => {
    let dataDir: string;
    let schema: Awaited<ReturnType<typeof freshSchema>> | null = null;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'fieldwork-seed-'));
      schema = database.url ? await freshSchema(database.url) : null;
    });

    afterAll(async () => {
      await schema?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('runs twice without doubling anything, with a client that signs in and clients without users that have a contact e-mail', { timeout: 400_000 }, async () => {
      const said = await seed(dataDir, schema?.url ?? null);
      expect(said).toContain('rosa@coloradoriverconstructors.test');

      const { app, services } = await buildApp(loadConfig({ DATA_DIR: dataDir, ...(schema ? { DATABASE_URL: schema.url } : {}) }, { runJobs: false }), { logger: false });
      const db = services.db;
      try {
        const counts = async () =>
          Object.fromEntries(
            await Promise.all(
              (['companies', 'users', 'memberships', 'partnerships', 'projects', 'budget_items', 'budget_reviews', 'change_orders', 'productions', 'invoices'] as const).map(async (table) => {
                const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
                return [table, Number(row.n)] as const;
              }),
            ),
          );
        const first = await counts();
        await seed(dataDir, schema?.url ?? null);
        expect(await counts()).toEqual(first);

        // The client with a login: Rosa signs in to her company, an active client of the demo company, and finds her moves waiting.
        const login = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: 'rosa@coloradoriverconstructors.test', password: 'fieldwork-demo' } });
        expect(login.statusCode).toBe(200);
        const client = await db.selectFrom('companies').select('id').where('name', '=', 'Colorado River Constructors').executeTakeFirstOrThrow();
        const demo = await db.selectFrom('companies').select('id').where('name', '=', 'Demo Paving & Utilities').executeTakeFirstOrThrow();
        const link = await db.selectFrom('partnerships').select(['status', 'partner_type']).where('company_id', '=', demo.id).where('partner_company_id', '=', client.id).executeTakeFirstOrThrow();
        expect(link).toEqual({ status: 'active', partner_type: 'client' });
        const headers = { authorization: `Bearer ${login.json().token}`, 'x-company-id': String(client.id) };
        const projects = await db
          .selectFrom('projects as p')
          .innerJoin('budgets as b', 'b.project_id', 'p.id')
          .select(['p.id', 'p.code', 'b.id as budget_id'])
          .where('p.client_id', '=', client.id)
          .orderBy('p.code')
          .execute();
        expect(projects.map((p) => p.code)).toEqual(['BCD-2026', 'SLB-2026']);
        const statuses = async (table: 'invoices' | 'change_orders' | 'budget_reviews', column: 'project_id' | 'budget_id', value: number) =>
          (await db.selectFrom(table).select('status').where(column, '=', value).execute()).map((r) => r.status);
        expect(await statuses('invoices', 'project_id', projects[0]!.id)).toEqual(['submit']);
        expect(await statuses('change_orders', 'budget_id', projects[0]!.budget_id)).toEqual(['sent']);
        expect(await statuses('budget_reviews', 'budget_id', projects[1]!.budget_id)).toEqual(['pending']);
        const invoices = await app.inject({ method: 'GET', url: '/api/v1/invoices', headers });
        expect(invoices.statusCode).toBe(200);
        expect(invoices.json().map((i: { status: string }) => i.status)).toContain('submit');

        // The clients without users decide through e-mailed links: each has a contact e-mail on its company and on the partnership.
        for (const name of ['Lone Star Fiber', 'Hill Country Power']) {
          const company = await db.selectFrom('companies').select(['id', 'contact_email']).where('name', '=', name).executeTakeFirstOrThrow();
          expect(company.contact_email).toMatch(/@/);
          expect(await db.selectFrom('memberships').select('id').where('company_id', '=', company.id).execute()).toEqual([]);
          const partnership = await db.selectFrom('partnerships').select('contact_email').where('company_id', '=', demo.id).where('partner_company_id', '=', company.id).executeTakeFirstOrThrow();
          expect(partnership.contact_email).toBe(company.contact_email);
        }
        // The fiber budget in review has a reviewer who can sign in.
        const fiber = await db.selectFrom('projects as p').innerJoin('budgets as b', 'b.project_id', 'p.id').select('b.id').where('p.code', '=', 'MFB-2026').executeTakeFirstOrThrow();
        expect(await statuses('budget_reviews', 'budget_id', fiber.id)).toEqual(['pending']);
      } finally {
        await app.close();
      }
    });
  });
}
