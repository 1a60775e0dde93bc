import { verifySignature } from '../../server/lib/webhooks/signing.js';
import { call } from './budgets-helpers.js';
import { fieldWorld, reportDamage } from './damages-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { fieldWorld as locateWorld } from './logs-helpers.js';
import { announceExpiringLocates } from '../../server/modules/locates/index.js';
import { createTask, taskWorld } from './tasks-helpers.js';
import { useReceiver, WEBHOOK_TEST_SETTINGS } from './webhook-receiver.js';

/** Events beyond productions (webhooks.test.ts): each reaches its company's endpoint with the record as GET answers it. */
describeEachDatabase(
  'webhooks: task and damage events',
  (server) => {
    let s: TestServer;
    const receiver = useReceiver();
    beforeAll(() => {
      s = server();
    });

    it('a task moved to another status sends task.status_changed; an edit that keeps the status sends nothing', async () => {
      const w = await taskWorld(s);
      const hook = await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/webhooks`, { url: receiver().url, events: ['task.status_changed'] });
      expect(hook.status).toBe(201);
      const task = await createTask(s, w);
      const before = receiver().received.length;
      expect((await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { summary: 'Renamed' })).status).toBe(200);
      const moved = await call(s, w.people.owner)('PATCH', `/tasks/${task.id}`, { status: 'completed' });
      expect(moved.status).toBe(200);
      await s.services.jobs.drain({ includeDelayed: true });
      const got = receiver().received.slice(before);
      expect(got).toHaveLength(1);
      expect(verifySignature(hook.body.secret, got[0]!.body, got[0]!.headers['fieldwork-signature'] as string)).toBe(true);
      expect(got[0]!.json).toMatchObject({ event: 'task.status_changed', companyId: w.owner.companyId, ids: { taskId: task.id }, data: { id: task.id, status: 'completed', summary: 'Renamed' } });
    });

    it('a damage reported sends damage.reported with the damage as GET /damages/{id} answers it', async () => {
      const w = await fieldWorld(s);
      const hook = await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/webhooks`, { url: receiver().url, events: ['damage.reported'] });
      expect(hook.status).toBe(201);
      const before = receiver().received.length;
      const damage = await reportDamage(s, w);
      await s.services.jobs.drain({ includeDelayed: true });
      const got = receiver().received.slice(before);
      expect(got).toHaveLength(1);
      const asApi = await call(s, w.people.owner)('GET', `/damages/${damage.id}`);
      expect(got[0]!.json).toMatchObject({ event: 'damage.reported', companyId: w.owner.companyId, ids: { damageId: damage.id, projectId: w.projectId } });
      expect(got[0]!.json.data).toEqual(asApi.body);
    });

    it('an open ticket coming within three days of expiry sends locate.expiring once per expiry date, never to another company', async () => {
      const w = await locateWorld(s);
      const today = new Date().toISOString().slice(0, 10);
      const inDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
      const owner = call(s, w.people.owner);
      const hook = await owner('POST', `/companies/${w.owner.companyId}/webhooks`, { url: receiver().url, events: ['locate.expiring'] });
      expect(hook.status).toBe(201);
      const stranger = await call(s, w.people.stranger)('POST', `/companies/${w.stranger.companyId}/webhooks`, { url: `${receiver().url}?stranger`, events: ['locate.expiring'] });
      expect(stranger.status).toBe(201);
      const ticket = async (number: string, expiresOn: string) => {
        const res = await owner('POST', '/locates', { ticketNumber: `${number}-${Date.now().toString(36)}`, projectId: w.projectId, digStartDate: inDays(-5), expiresOn });
        expect(res.status).toBe(201);
        return res.body as { id: number };
      };
      const soon = await ticket('SOON', inDays(2));
      const later = await ticket('LATER', inDays(20));
      const closed = await ticket('CLOSED', inDays(1));
      expect((await owner('PATCH', `/locates/${closed.id}`, { status: 'closed' })).status).toBe(200);

      const before = receiver().received.length;
      expect(await announceExpiringLocates(s.services, today)).toBe(1);
      // A second scan (another process, the next hour) finds it announced.
      expect(await announceExpiringLocates(s.services, today)).toBe(0);
      await s.services.jobs.drain({ includeDelayed: true });
      let got = receiver().received.slice(before);
      expect(got).toHaveLength(1);
      expect(verifySignature(hook.body.secret, got[0]!.body, got[0]!.headers['fieldwork-signature'] as string)).toBe(true);
      expect(got[0]!.json).toMatchObject({ event: 'locate.expiring', companyId: w.owner.companyId, ids: { locateId: soon.id, projectId: w.projectId } });
      const { canManage: _viewer, ...asApi } = (await owner('GET', `/locates/${soon.id}`)).body;
      expect(got[0]!.json.data).toMatchObject(asApi);

      // Renewed to a later date: announced again when that date comes near, not before.
      expect((await owner('PATCH', `/locates/${soon.id}`, { expiresOn: inDays(10) })).status).toBe(200);
      expect(await announceExpiringLocates(s.services, today)).toBe(0);
      expect(await announceExpiringLocates(s.services, inDays(8))).toBe(1);
      await s.services.jobs.drain({ includeDelayed: true });
      got = receiver().received.slice(before);
      expect(got.map((d) => d.json.ids.locateId)).toEqual([soon.id, soon.id]);
      expect(got.every((d) => d.json.companyId === w.owner.companyId)).toBe(true);
      const strangers = await s.services.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', stranger.body.id).execute();
      expect(strangers).toEqual([]);
      // The ticket 20 days out and the closed one were never announced.
      const untouched = await s.services.db.selectFrom('locates').select('expiring_announced_for').where('id', 'in', [later.id, closed.id]).execute();
      expect(untouched.map((r) => r.expiring_announced_for)).toEqual([null, null]);
    });
  },
  { runJobs: false, webhooks: WEBHOOK_TEST_SETTINGS },
);
