import pg from 'pg';
import { side } from './budgets-helpers.js';
import { DATABASES, startTestServer } from './harness.js';
import { billing, createInvoice, invoiceWorld, production } from './invoices-helpers.js';

/**
 * Issue 22's soak (bench/soak.ts) saw PostgreSQL deadlocks, answered 500, between invoices and
 * productions of one company: the invoice number's lock on the company row. Each test holds a lock from a second
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
  });
}
