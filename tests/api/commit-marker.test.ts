import { withCommitMarker } from '../../server/db/table-watch.js';
import { describeEachDatabase, ownerWithCompany, type TestServer } from './harness.js';

/**
 * server/db/table-watch.ts' commit marker, on the server's own database: a statement stored exactly
 * when a piece of work's writes are (what makes an idempotency key `written` true, and only then).
 */
describeEachDatabase('commit marker', (server) => {
  let s: TestServer;
  let companyId: number;
  let keyId: number;
  let n = 0;

  beforeAll(async () => {
    s = server();
    const owner = await ownerWithCompany(s);
    companyId = owner.company.id;
    const now = new Date().toISOString();
    ({ id: keyId } = await s.services.db
      .insertInto('idempotency_keys')
      .values({ user_id: owner.user.id, key: 'marker-test', method: 'POST', path: '/x', fingerprint: null, state: 'running', status: null, body: null, headers: null, created_at: now, expires_at: now })
      .returning('id')
      .executeTakeFirstOrThrow());
  });

  const marker = () => ({
    table: 'idempotency_keys',
    query: s.services.db.updateTable('idempotency_keys').set({ state: 'written' }).where('id', '=', keyId).where('state', '=', 'running').compile(),
  });
  const state = async () => (await s.services.db.selectFrom('idempotency_keys').select('state').where('id', '=', keyId).executeTakeFirstOrThrow()).state;
  const reset = () => s.services.db.updateTable('idempotency_keys').set({ state: 'running' }).where('id', '=', keyId).execute();
  const crewNamed = (name: string) => s.services.db.selectFrom('crews').select('id').where('name', '=', name).executeTakeFirst();
  const newCrew = (db: TestServer['services']['db'], name: string) => {
    const now = new Date().toISOString();
    return db.insertInto('crews').values({ company_id: companyId, name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  };

  beforeEach(reset);

  it("is stored with a transaction's writes, and not with a transaction rolled back", async () => {
    const name = `Marked ${++n}`;
    await withCommitMarker(marker(), () => s.services.db.transaction().execute((trx) => newCrew(trx, name)));
    expect(await crewNamed(name)).toBeDefined();
    expect(await state()).toBe('written');

    await reset();
    const refused = `Refused ${++n}`;
    await expect(
      withCommitMarker(marker(), () =>
        s.services.db.transaction().execute(async (trx) => {
          await newCrew(trx, refused);
          throw new Error('the handler failed after writing');
        }),
      ),
    ).rejects.toThrow('the handler failed');
    expect(await crewNamed(refused)).toBeUndefined();
    expect(await state()).toBe('running');
  });

  it('takes a write outside any transaction into one with it; a write that fails stores neither', async () => {
    const name = `Alone ${++n}`;
    await withCommitMarker(marker(), () => newCrew(s.services.db, name));
    expect(await crewNamed(name)).toBeDefined();
    expect(await state()).toBe('written');

    await reset();
    // The same name again: the unique index refuses it.
    await expect(withCommitMarker(marker(), () => newCrew(s.services.db, name))).rejects.toThrow();
    expect(await state()).toBe('running');
    // The connection is usable after the rollback: the next write goes through with its marker.
    await withCommitMarker(marker(), () => newCrew(s.services.db, `After ${++n}`));
    expect(await state()).toBe('written');
  });

  it("leaves reads, writes to the marker's own table, and work outside it unmarked", async () => {
    await withCommitMarker(marker(), async () => {
      await s.services.db.selectFrom('crews').select('id').execute();
      await s.services.db.updateTable('idempotency_keys').set({ path: '/y' }).where('id', '=', keyId).execute();
      await s.services.db.transaction().execute((trx) => trx.selectFrom('crews').select('id').execute());
    });
    expect(await state()).toBe('running');
    await newCrew(s.services.db, `Unmarked ${++n}`);
    expect(await state()).toBe('running');
  });
});
