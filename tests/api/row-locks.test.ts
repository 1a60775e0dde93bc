import pg from 'pg';
import { call, side } from './budgets-helpers.js';
import { DATABASES, startTestServer } from './harness.js';
import { billing, createInvoice, invoiceWorld, production } from './invoices-helpers.js';
import { productionWorld, recordProduction } from './productions-helpers.js';

/**
 * Issue 22's soak (bench/soak.ts) saw PostgreSQL deadlocks, answered 500, between invoices and
 * productions of one company: the invoice number's lock on the company row, and budget items'
 * running sums updated in whatever order a plan read them. Each test holds a lock from a second
 * connection, as another transaction of the company would, and looks at what the server's move waits
 * for; a wait that should not happen holds the request until the test's time runs out.
 */
for (const database of DATABASES.filter((d) => d.url)) {
  describe(`Row locks of invoices and running sums [${database.name}]`, () => {
    let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
    let other: pg.Client;
    beforeAll(async () => {
      server = await startTestServer(database.url);
    });
    beforeEach(async () => {
      other = new pg.Client({ connectionString: server!.config.databaseUrl! });
      await other.connect();
    });
    afterEach(async () => {
      await other.query('rollback');
      await other.end();
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("numbers an invoice while another transaction holds a key-share lock on the company (an insert naming it), instead of waiting behind it", async () => {
      const s = server!;
      const w = await invoiceWorld(s);
      const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 2000]]);
      await other.query('begin');
      // What the foreign-key check of any insert naming the company takes, until that transaction ends.
      await other.query('select 1 from companies where id = $1 for key share', [w.owner.companyId]);
      const started = Date.now();
      const invoice = await createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p), status: 'submit' });
      expect(invoice.status).toBe('submit');
      expect(Date.now() - started).toBeLessThan(15000);
    });

    it('locks the budget items a move counts in id order, so it holds none of them while it waits for the first', async () => {
      const s = server!;
      const w = await productionWorld(s);
      const [low, high] = [w.budgetItems.asphalt, w.budgetItems.labor].sort((a, b) => a - b) as [number, number];
      // The items recorded high first, and the low item's row given a new version at the end of the
      // table: a plan that reads either in its own order meets the high item first.
      const p = await recordProduction(s, w, w.people.ownerLeader, {
        items: [
          { budgetItemId: high, quantity: '2' },
          { budgetItemId: low, quantity: '3' },
        ],
      });
      await other.query('update budget_items set description = description where id = $1', [low]);
      expect((await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`)).status).toBe(200);

      await other.query('begin');
      await other.query('select id from budget_items where id = $1 for no key update', [low]);
      const approving = call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, {});
      // Until the approval waits for the low item's lock.
      const deadline = Date.now() + 4000;
      const waiting = async () =>
        (await other.query("select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.query ilike '%budget_items%'")).rows[0].n;
      while ((await waiting()) === 0) {
        if (Date.now() > deadline) throw new Error('the approval never waited for the budget item');
        await new Promise((r) => setTimeout(r, 20));
      }
      // It waits holding nothing: the high item is free to this transaction, which could otherwise
      // wait for it in turn (a deadlock).
      await expect(other.query('select id from budget_items where id = $1 for no key update nowait', [high])).resolves.toMatchObject({ rowCount: 1 });
      await other.query('rollback');
      const approved = await approving;
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe('approved');
      const sums = await s.services.db.selectFrom('budget_items').select(['id', 'produced_e3']).where('id', 'in', [low, high]).orderBy('id').execute();
      expect(sums).toEqual([
        { id: low, produced_e3: 3000 },
        { id: high, produced_e3: 2000 },
      ]);
    });
  });
}
