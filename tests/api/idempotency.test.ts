import { randomUUID } from 'node:crypto';
import type { KyselyPlugin, QueryId } from 'kysely';
import { vi } from 'vitest';
import { IDEMPOTENCY_ANSWER_LOST, IDEMPOTENCY_ANSWER_LOST_MESSAGE, IDEMPOTENT_REPLAYED_HEADER } from '../../resources/idempotency.js';
import { scheduleIdempotencySweep } from '../../server/http/idempotency.js';
import { TINY_PNG, describeEachDatabase, type TestServer } from './harness.js';
import { call, type Caller } from './budgets-helpers.js';
import { filesBody } from './files-helpers.js';
import { API } from './project-helpers.js';
import { nextDay, productionWorld, recordProduction, storedProductions, type ProductionWorld } from './productions-helpers.js';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call as `who` carrying the key; a Buffer body is sent as given (multipart), anything else as JSON. */
function send(s: TestServer, who: Caller, key: string, method: Method, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return s.call(method, `${API}${path}`, {
    token: who.token,
    headers: { ...who.headers, ...headers, 'idempotency-key': key },
    ...(body === undefined ? {} : { body }),
  });
}

/** A photo upload as the phone's outbox sends it: the same bytes in a new form (a new boundary) each time. */
function photoUpload(s: TestServer, who: Caller, key: string, productionId: number) {
  const form = filesBody({}, [{ name: 'site.png', type: 'image/png', bytes: TINY_PNG }]);
  return send(s, who, key, 'POST', `/production/${productionId}/files`, form.body, form.headers);
}

const count = async (s: TestServer, table: 'logs' | 'damages' | 'productions' | 'production_photos' | 'files' | 'idempotency_keys') =>
  Number((await s.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const keyRow = (s: TestServer, userId: number, key: string) =>
  s.services.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();

/** Lets the database store the next key claim, then loses its answer as a fast shutdown does; `stored` is the claim's id. */
function claimAnswerLost() {
  const claims = new WeakSet<QueryId>();
  const lost: { stored?: number } = {};
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (!('stored' in lost) && node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'idempotency_keys') claims.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (!claims.has(queryId)) return result;
      claims.delete(queryId);
      lost.stored = (result.rows[0] as { id?: number } | undefined)?.id;
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    },
  };
  return { plugin, lost };
}

/**
 * Lets a write to `table` commit, then fails the request's next read of `after` as the database
 * going away would: a write stored whose answer is lost (here the live events' read of the project's
 * companies, which runs once the handler's transaction has committed).
 */
function answerLostAfterCommit(table: string, after: string) {
  let armed = false;
  const failing = new WeakSet<QueryId>();
  const named = (node: unknown, name: string) => JSON.stringify(node).includes(`"identifier":{"kind":"IdentifierNode","name":"${name}"}`);
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === table) armed = true;
      else if (armed && node.kind === 'SelectQueryNode' && named(node, after)) {
        armed = false;
        failing.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }) {
      if (failing.has(queryId)) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      return result;
    },
  };
  return plugin;
}

async function storedObjects(s: TestServer) {
  let n = 0;
  for await (const _ of s.services.storage.list()) n++;
  return n;
}

describeEachDatabase('idempotent writes', (server) => {
  let s: TestServer;
  let w: ProductionWorld;
  let damageTypeId: number;
  beforeAll(async () => {
    s = server();
    w = await productionWorld(s);
    const type = await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/damage-types`, { name: 'Gas line strike' });
    damageTypeId = type.body.id;
  });

  const productionBody = () => ({ crewId: w.crews.paving, date: nextDay(), items: [{ budgetItemId: w.budgetItems.asphalt, quantity: '2.5' }] });
  const checkInBody = () => ({ projectId: w.projectId, crewId: w.crews.paving, lat: 30.2672, lng: -97.7431, dateString: nextDay(), description: 'Trenching on Main' });

  it('a replayed production, check-in or damage gets the first answer, marked replayed, and creates nothing more', async () => {
    const leader = w.people.ownerLeader;
    const cases: Array<{ table: 'productions' | 'logs' | 'damages'; who: Caller; path: string; body: unknown }> = [
      { table: 'productions', who: leader, path: `/production/project/${w.projectId}`, body: productionBody() },
      { table: 'logs', who: leader, path: '/logs', body: checkInBody() },
      { table: 'damages', who: w.people.owner, path: '/damages', body: { damageDate: '2026-03-05', projectId: w.projectId, damageTypeId, description: 'Struck a gas line' } },
    ];
    for (const c of cases) {
      const key = randomUUID();
      const first = await send(s, c.who, key, 'POST', c.path, c.body);
      expect(first.status, c.path).toBe(201);
      expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
      const rows = await count(s, c.table);
      const before = await storedProductions(s);
      for (let i = 0; i < 3; i++) {
        const again = await send(s, c.who, key, 'POST', c.path, c.body);
        expect(again.status, c.path).toBe(201);
        expect(again.body).toEqual(first.body);
        expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
        expect(again.headers['content-type']).toBe(first.headers['content-type']);
      }
      expect(await count(s, c.table)).toBe(rows);
      expect(await storedProductions(s)).toEqual(before);
    }
  });

  it('keeps the answer, never the credentials, for 24 hours', async () => {
    const key = randomUUID();
    const res = await send(s, w.people.ownerLeader, key, 'POST', '/logs', checkInBody());
    const row = (await keyRow(s, w.people.ownerLeader.userId, key))!;
    expect(row).toMatchObject({ method: 'POST', path: `${API}/logs`, state: 'done', status: 201 });
    expect(JSON.parse(row.body!)).toEqual(res.body);
    expect(Object.keys(JSON.parse(row.headers!))).toEqual(['content-type']);
    expect(JSON.stringify(row)).not.toContain(w.people.ownerLeader.token);
    const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(lifetime).toBe(24 * 60 * 60 * 1000);
  });

  it('two identical requests at once record it once: one gets the answer, the other the answer or a 409', async () => {
    const key = randomUUID();
    const body = productionBody();
    const before = await count(s, 'productions');
    const answers = await Promise.all([0, 1, 2].map(() => send(s, w.people.ownerLeader, key, 'POST', `/production/project/${w.projectId}`, body)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((st) => st === 201 || st === 409)).toBe(true);
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id));
    expect(ids.size).toBe(1);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await count(s, 'productions')).toBe(before + 1);
  });

  it('a replay while the first is still running is a 409; a running key abandoned for 10 minutes runs anew', async () => {
    const key = randomUUID();
    const now = new Date();
    await s.services.db
      .insertInto('idempotency_keys')
      .values({ user_id: w.people.ownerLeader.userId, key, method: 'POST', path: `${API}/logs`, fingerprint: null, state: 'running', status: null, body: null, headers: null, created_at: now.toISOString(), expires_at: new Date(now.getTime() + 86_400_000).toISOString() })
      .execute();
    const logs = await count(s, 'logs');
    const busy = await send(s, w.people.ownerLeader, key, 'POST', '/logs', checkInBody());
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/still being processed/);
    expect(await count(s, 'logs')).toBe(logs);

    await s.services.db.updateTable('idempotency_keys').set({ created_at: new Date(now.getTime() - 11 * 60_000).toISOString() }).where('key', '=', key).execute();
    expect((await send(s, w.people.ownerLeader, key, 'POST', '/logs', checkInBody())).status).toBe(201);
    expect(await count(s, 'logs')).toBe(logs + 1);
  });

  it('the same key with another body, path or method is a 422 that changes nothing', async () => {
    const key = randomUUID();
    const body = checkInBody();
    const first = await send(s, w.people.ownerLeader, key, 'POST', '/logs', body);
    expect(first.status).toBe(201);
    const logs = await count(s, 'logs');
    const before = await storedProductions(s);
    const refusals = [
      await send(s, w.people.ownerLeader, key, 'POST', '/logs', { ...body, description: 'Something else' }),
      await send(s, w.people.ownerLeader, key, 'POST', `/production/project/${w.projectId}`, productionBody()),
      await send(s, w.people.ownerLeader, key, 'PATCH', `/logs/${first.body.id}`, { description: 'Changed' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringMatching(/different request/) });
    }
    expect(await count(s, 'logs')).toBe(logs);
    expect(await storedProductions(s)).toEqual(before);
    expect((await call(s, w.people.ownerLeader)('POST', '/logs', body)).status).toBe(201);
  });

  it("keys are the user's own: another user's same key runs on its own and never reads the first answer", async () => {
    const key = randomUUID();
    const mine = await send(s, w.people.ownerLeader, key, 'POST', `/production/project/${w.projectId}`, productionBody());
    const theirs = await send(s, w.people.subLeader, key, 'POST', `/production/project/${w.projectId}`, { ...productionBody(), crewId: w.crews.boring });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.body.id).not.toBe(mine.body.id);
    // The same body from a stranger, with the same key: their own request, refused by their own rights.
    const stranger = await send(s, w.people.stranger, key, 'POST', `/production/project/${w.projectId}`, productionBody());
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain(String(mine.body.id));
  });

  it('a photo retried five times with the same key is stored once: one row, one file, one object', async () => {
    const p = await recordProduction(s, w, w.people.ownerLeader);
    const photos = await count(s, 'production_photos');
    const files = await count(s, 'files');
    const objects = await storedObjects(s);
    const key = randomUUID();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await photoUpload(s, w.people.ownerLeader, key, p.id));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    for (const a of answers.slice(1)) {
      expect(a.body).toEqual(answers[0]!.body);
      expect(a.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    }
    expect(await count(s, 'production_photos')).toBe(photos + 1);
    expect(await count(s, 'files')).toBe(files + 1);
    expect(await storedObjects(s)).toBe(objects + 1);

    // Other bytes under the same key are another request.
    const other = filesBody({}, [{ name: 'site.png', type: 'image/png', bytes: Buffer.concat([TINY_PNG, Buffer.from('x')]) }]);
    const refused = await send(s, w.people.ownerLeader, key, 'POST', `/production/${p.id}/files`, other.body, other.headers);
    expect(refused.status).toBe(422);
    expect(await count(s, 'production_photos')).toBe(photos + 1);
  });

  it('a first attempt that failed with a 5xx releases its key: the retry runs and stores once', async () => {
    const p = await recordProduction(s, w, w.people.ownerLeader);
    const photos = await count(s, 'production_photos');
    const key = randomUUID();
    const putFile = vi.spyOn(s.services.storage, 'putFile').mockRejectedValueOnce(new Error('disk gone'));
    try {
      const failed = await photoUpload(s, w.people.ownerLeader, key, p.id);
      expect(failed.status).toBe(500);
    } finally {
      putFile.mockRestore();
    }
    expect(await keyRow(s, w.people.ownerLeader.userId, key)).toBeUndefined();
    const retried = await photoUpload(s, w.people.ownerLeader, key, p.id);
    expect(retried.status).toBe(201);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect((await photoUpload(s, w.people.ownerLeader, key, p.id)).headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(await count(s, 'production_photos')).toBe(photos + 1);
  });

  it('a claim the database stored but never answered (it went away) is released once it is back: the retry runs once', async () => {
    const key = randomUUID();
    const body = checkInBody();
    const logs = await count(s, 'logs');
    const db = s.services.db;
    const { plugin, lost } = claimAnswerLost();
    s.services.db = db.withPlugin(plugin);
    try {
      const cut = await send(s, w.people.ownerLeader, key, 'POST', '/logs', body);
      expect(cut.status).toBe(503);
      expect(cut.body.error.code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      s.services.db = db;
    }
    expect(lost.stored).toEqual(expect.any(Number));
    await vi.waitFor(async () => expect(await keyRow(s, w.people.ownerLeader.userId, key)).toBeUndefined(), { timeout: 3000, interval: 50 });
    const retried = await send(s, w.people.ownerLeader, key, 'POST', '/logs', body);
    expect(retried.status).toBe(201);
    expect(await count(s, 'logs')).toBe(logs + 1);
  });

  it('a write stored whose answer was lost is not written again: the retry is a 409 saying so, and the key stays bound to its body', async () => {
    const key = randomUUID();
    const body = productionBody();
    const before = await count(s, 'productions');
    const db = s.services.db;
    s.services.db = db.withPlugin(answerLostAfterCommit('productions', 'project_crew_companies'));
    try {
      const cut = await send(s, w.people.ownerLeader, key, 'POST', `/production/project/${w.projectId}`, body);
      expect(cut.status).toBe(503);
    } finally {
      s.services.db = db;
    }
    expect(await count(s, 'productions')).toBe(before + 1);
    expect((await keyRow(s, w.people.ownerLeader.userId, key))?.state).toBe('lost');
    for (let attempt = 0; attempt < 2; attempt++) {
      const retried = await send(s, w.people.ownerLeader, key, 'POST', `/production/project/${w.projectId}`, body);
      expect(retried.status).toBe(409);
      expect(retried.body.error).toMatchObject({ code: IDEMPOTENCY_ANSWER_LOST, message: IDEMPOTENCY_ANSWER_LOST_MESSAGE });
    }
    expect(await count(s, 'productions')).toBe(before + 1);
    const other = await send(s, w.people.ownerLeader, key, 'POST', `/production/project/${w.projectId}`, { ...body, date: nextDay() });
    expect(other.status).toBe(422);
    expect(await count(s, 'productions')).toBe(before + 1);
  });

  it('a key whose write is stored but whose request has not answered yet is still running (409); lost once that request is ten minutes old', async () => {
    const key = randomUUID();
    const body = checkInBody();
    const first = await send(s, w.people.ownerLeader, key, 'POST', '/logs', body);
    expect(first.status).toBe(201);
    const logs = await count(s, 'logs');
    const row = (await keyRow(s, w.people.ownerLeader.userId, key))!;
    // As the row stands between the handler's commit and its answer being kept.
    await s.services.db.updateTable('idempotency_keys').set({ state: 'written', status: null, body: null, headers: null }).where('id', '=', row.id).execute();
    const meanwhile = await send(s, w.people.ownerLeader, key, 'POST', '/logs', body);
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    await s.services.db.updateTable('idempotency_keys').set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() }).where('id', '=', row.id).execute();
    const later = await send(s, w.people.ownerLeader, key, 'POST', '/logs', body);
    expect(later.status).toBe(409);
    expect(later.body.error.code).toBe(IDEMPOTENCY_ANSWER_LOST);
    expect(await count(s, 'logs')).toBe(logs);
  });

  it('expired keys are swept hourly by the job runner, and a replay after that runs anew', async () => {
    const key = randomUUID();
    const body = checkInBody();
    expect((await send(s, w.people.ownerLeader, key, 'POST', '/logs', body)).status).toBe(201);
    const logs = await count(s, 'logs');
    const db = s.services.db;
    await db.updateTable('idempotency_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('key', '=', key).execute();

    const sweeps = () => db.selectFrom('jobs').select(['id', 'status']).where('name', '=', 'idempotency.sweep').orderBy('id').execute();
    const before = (await sweeps()).length;
    await scheduleIdempotencySweep(s.services);
    await scheduleIdempotencySweep(s.services);
    const queued = (await sweeps()).slice(before);
    expect(queued.map((j) => j.status)).toEqual(['queued']);
    await db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', queued[0]!.id).execute();
    await s.services.jobs.drain();
    expect((await sweeps()).slice(before).map((j) => j.status)).toEqual(['done', 'queued']);
    expect(await keyRow(s, w.people.ownerLeader.userId, key)).toBeUndefined();

    const anew = await send(s, w.people.ownerLeader, key, 'POST', '/logs', body);
    expect(anew.status).toBe(201);
    expect(anew.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(await count(s, 'logs')).toBe(logs + 1);

    // Expired but not yet swept: no longer the first answer either.
    await db.updateTable('idempotency_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('key', '=', key).execute();
    expect((await send(s, w.people.ownerLeader, key, 'POST', '/logs', body)).headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(await count(s, 'logs')).toBe(logs + 2);
  });

  it('a bad key is a 400 that changes nothing', async () => {
    const logs = await count(s, 'logs');
    const keys = await count(s, 'idempotency_keys');
    for (const bad of ['', 'x'.repeat(256), 'two words', 'tab\tkey']) {
      const res = await send(s, w.people.ownerLeader, bad, 'POST', '/logs', checkInBody());
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.message).toMatch(/Idempotency-Key/);
    }
    expect((await send(s, w.people.ownerLeader, 'k'.repeat(255), 'POST', '/logs', checkInBody())).status).toBe(201);
    expect(await count(s, 'logs')).toBe(logs + 1);
    expect(await count(s, 'idempotency_keys')).toBe(keys + 1);
  });

  it('anonymous requests and reads ignore the header', async () => {
    const keys = await count(s, 'idempotency_keys');
    const email = (await s.services.db.selectFrom('users').select('email').where('id', '=', w.people.ownerLeader.userId).executeTakeFirstOrThrow()).email;
    for (let i = 0; i < 2; i++) {
      const login = await s.call('POST', `${API}/users/login`, { body: { email, password: 'secret123' }, headers: { 'idempotency-key': 'same' } });
      expect(login.status).toBe(200);
      expect(login.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    }
    const read = await s.call('GET', `${API}/logs`, { token: w.people.ownerLeader.token, headers: { ...w.people.ownerLeader.headers, 'idempotency-key': 'not a key' } });
    expect(read.status).toBe(200);
    expect(await count(s, 'idempotency_keys')).toBe(keys);
  });
});
