import { verifySignature } from '../../server/lib/webhooks/signing.js';
import { call } from './budgets-helpers.js';
import { fieldWorld, reportDamage } from './damages-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { createTask, taskWorld } from './tasks-helpers.js';
import { startReceiver } from './webhook-receiver.js';

const SETTINGS = { allowPrivate: true, timeoutMs: 2000, retryBaseMs: 60_000, retryMaxMs: 120_000, retryForMs: 10 * 60_000 };

/** Events beyond productions (webhooks.test.ts): each reaches its company's endpoint with the record as GET answers it. */
describeEachDatabase(
  'webhooks: task and damage events',
  (server) => {
    let s: TestServer;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      s = server();
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());

    it('a task moved to another status sends task.status_changed; an edit that keeps the status sends nothing', async () => {
      const w = await taskWorld(s);
      const hook = await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/webhooks`, { url: receiver.url, events: ['task.status_changed'] });
      expect(hook.status).toBe(201);
      const task = await createTask(s, w);
      const before = receiver.received.length;
      expect((await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { summary: 'Renamed' })).status).toBe(200);
      const moved = await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { status: 'completed' });
      expect(moved.status).toBe(200);
      await s.services.jobs.drain({ includeDelayed: true });
      const got = receiver.received.slice(before);
      expect(got).toHaveLength(1);
      expect(verifySignature(hook.body.secret, got[0]!.body, got[0]!.headers['fieldwork-signature'] as string)).toBe(true);
      expect(got[0]!.json).toMatchObject({ event: 'task.status_changed', companyId: w.owner.companyId, ids: { taskId: task.id }, data: { id: task.id, status: 'completed', summary: 'Renamed' } });
    });

    it('a damage reported sends damage.reported with the damage as GET /damages/{id} answers it', async () => {
      const w = await fieldWorld(s);
      const hook = await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/webhooks`, { url: receiver.url, events: ['damage.reported'] });
      expect(hook.status).toBe(201);
      const before = receiver.received.length;
      const damage = await reportDamage(s, w);
      await s.services.jobs.drain({ includeDelayed: true });
      const got = receiver.received.slice(before);
      expect(got).toHaveLength(1);
      const asApi = await call(s, w.people.owner)('GET', `/damages/${damage.id}`);
      expect(got[0]!.json).toMatchObject({ event: 'damage.reported', companyId: w.owner.companyId, ids: { damageId: damage.id, projectId: w.projectId } });
      expect(got[0]!.json.data).toEqual(asApi.body);
    });
  },
  { runJobs: false, webhooks: SETTINGS },
);
