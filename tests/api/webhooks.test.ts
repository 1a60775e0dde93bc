import { DELIVERY_HEADER, EVENT_HEADER } from '../../resources/webhook.js';
import { queueWebhookEvent } from '../../server/lib/webhooks/deliveries.js';
import { purgeOldDeliveries } from '../../server/lib/webhooks/retention.js';
import { verifySignature } from '../../server/lib/webhooks/signing.js';
import { call, lastNotificationId, notificationsSince } from './budgets-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { approvedProduction, productionWorld, recordProduction, type ProductionWorld } from './productions-helpers.js';
import { startReceiver, WEBHOOK_TEST_SETTINGS } from './webhook-receiver.js';

// Retries wait a minute: a drain without includeDelayed makes exactly the attempts due now, however slow the machine;
// drain({ includeDelayed }) makes the retries at once.

describeEachDatabase(
  'webhooks: signed deliveries after the commit, retried, never for a rollback or to another company',
  (server) => {
    let s: TestServer;
    let w: ProductionWorld;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let failing = false;
    beforeAll(async () => {
      s = server();
      w = await productionWorld(s);
      receiver = await startReceiver(() => (failing ? 503 : 200));
    });
    afterAll(() => receiver.close());
    afterEach(() => {
      failing = false;
    });

    const register = async (who: { token: string; headers: Record<string, string> }, companyId: number, body: Record<string, unknown>) => {
      const res = await call(s, who)('POST', `/companies/${companyId}/webhooks`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: number; secret: string };
    };
    const drain = () => s.services.jobs.drain({ includeDelayed: true });
    const hookOf = new Map<string, number>();
    const mapDeliveries = async () => {
      for (const d of await s.services.db.selectFrom('webhook_deliveries').select(['id', 'webhook_id']).execute()) hookOf.set(String(d.id), d.webhook_id);
    };

    let ownerHook: { id: number; secret: string };
    let subHook: { id: number; secret: string };
    let strangerHook: { id: number; secret: string };

    it('registers endpoints: the secret is shown once, sealed at rest, never listed', async () => {
      ownerHook = await register(w.people.owner, w.owner.companyId, { url: receiver.url, events: ['production.approved', 'production.rejected'] });
      expect(ownerHook.secret).toMatch(/^whsec_[\w-]{43}$/);
      subHook = await register(w.people.sub, w.sub.companyId, { url: `${receiver.url}?sub`, events: ['production.approved'] });
      strangerHook = await register(w.people.stranger, w.stranger.companyId, { url: `${receiver.url}?stranger`, events: ['production.approved', 'production.submitted'] });
      const stored = await s.services.db.selectFrom('webhooks').select('secret').where('id', '=', ownerHook.id).executeTakeFirstOrThrow();
      expect(stored.secret).not.toContain(ownerHook.secret);
      expect(stored.secret.startsWith('fw1:')).toBe(true);
      const list = await call(s, w.people.owner)('GET', `/companies/${w.owner.companyId}/webhooks`);
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      expect(JSON.stringify(list.body)).not.toContain(ownerHook.secret);
      expect(list.body[0]).toMatchObject({ id: ownerHook.id, url: receiver.url, events: ['production.approved', 'production.rejected'], active: true, pausedAt: null });
    });

    it('an approval is delivered once to each concerned company, signed, with the production as GET answers it', async () => {
      const before = receiver.received.length;
      const p = await approvedProduction(s, w);
      // Nothing is sent inside the request: the job runner sends after the commit.
      expect(receiver.received.length).toBe(before);
      await drain();
      await mapDeliveries();
      const got = receiver.received.slice(before);
      expect(got).toHaveLength(2);
      const owner = got.find((r) => hookOf.get(r.headers[DELIVERY_HEADER.toLowerCase()] as string) === ownerHook.id)!;
      const sub = got.find((r) => hookOf.get(r.headers[DELIVERY_HEADER.toLowerCase()] as string) === subHook.id)!;
      expect(verifySignature(ownerHook.secret, owner.body, owner.headers['fieldwork-signature'] as string)).toBe(true);
      expect(verifySignature(subHook.secret, sub.body, sub.headers['fieldwork-signature'] as string)).toBe(true);
      // Another endpoint's secret does not verify it, nor does a changed body.
      expect(verifySignature(subHook.secret, owner.body, owner.headers['fieldwork-signature'] as string)).toBe(false);
      expect(verifySignature(ownerHook.secret, owner.body.replace('approved', 'rejected'), owner.headers['fieldwork-signature'] as string)).toBe(false);
      expect(owner.headers[EVENT_HEADER.toLowerCase()]).toBe('production.approved');
      expect(owner.json).toMatchObject({ event: 'production.approved', companyId: w.owner.companyId, ids: { productionId: p.id, projectId: w.projectId } });
      expect(sub.json).toMatchObject({ event: 'production.approved', companyId: w.sub.companyId });
      expect(owner.json.id).toBe(sub.json.id);
      const asApi = await call(s, w.people.ownerPm)('GET', `/production/${p.id}`);
      // Each company's payload is the production as GET answers its members, with no right to act on it
      // (the approving company's made from the request's own answer, the other's read for it).
      const nobodyActs = { planSheets: [], canEdit: false, canSubmit: false, canReview: false, canAmend: false };
      expect(owner.json.data).toMatchObject({ id: p.id, status: 'approved', approvedAt: asApi.body.approvedAt });
      expect(owner.json.data).toEqual({ ...asApi.body, ...nobodyActs });
      expect(sub.json.data).toEqual({ ...(await call(s, w.people.sub)('GET', `/production/${p.id}`)).body, ...nobodyActs });
      // The stranger's endpoint, registered for the same event, heard nothing.
      expect(got.some((r) => hookOf.get(r.headers[DELIVERY_HEADER.toLowerCase()] as string) === strangerHook.id)).toBe(false);
      const list = await call(s, w.people.owner)('GET', `/companies/${w.owner.companyId}/webhooks/${ownerHook.id}/deliveries`);
      expect(list.status).toBe(200);
      expect(list.body.items[0]).toMatchObject({ event: 'production.approved', status: 'succeeded', attempts: 1, responseStatus: 200, responseBody: 'thanks' });
      expect(list.body.items[0].lastAttemptAt).not.toBeNull();
      // A second drain sends nothing again.
      await drain();
      expect(receiver.received.length).toBe(before + 2);
    });

    it('a change that rolls back queues nothing; a refused request queues nothing', async () => {
      const count = async () => Number((await s.services.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await count();
      await expect(
        s.services.db.transaction().execute(async (trx) => {
          const queued = await queueWebhookEvent(s.services, trx, { event: 'production.approved', companyIds: [w.owner.companyId], ids: { productionId: 1 }, data: async () => ({}) });
          expect(queued).toBe(1);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await count()).toBe(before);
      const jobs = await s.services.db.selectFrom('jobs').select('id').where('name', '=', 'webhook.deliver').where('status', '=', 'queued').execute();
      expect(jobs).toHaveLength(0);
      // Rejecting a draft is refused: no event.
      const p = await recordProduction(s, w, w.people.ownerLeader);
      expect((await call(s, w.people.ownerPm)('POST', `/production/${p.id}/reject`, { reason: 'no' })).status).toBe(403);
      expect(await count()).toBe(before);
    });

    it('a failed attempt is retried with backoff until the endpoint answers', async () => {
      failing = true;
      const p = await recordProduction(s, w, w.people.ownerLeader);
      await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`);
      const res = await call(s, w.people.ownerPm)('POST', `/production/${p.id}/reject`, { reason: 'Wrong station' });
      expect(res.status).toBe(200);
      // First attempt fails (503); the next waits for its backoff.
      await s.services.jobs.drain();
      const row = await s.services.db.selectFrom('webhook_deliveries').selectAll().where('event', '=', 'production.rejected').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, response_status: 503, error: 'The endpoint answered 503' });
      expect(row.next_attempt_at).not.toBeNull();
      failing = false;
      await drain();
      const done = await s.services.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(done).toMatchObject({ status: 'succeeded', attempts: 2, response_status: 200 });
      const hook = await s.services.db.selectFrom('webhooks').select(['failing_since', 'paused_at']).where('id', '=', ownerHook.id).executeTakeFirstOrThrow();
      expect(hook).toEqual({ failing_since: null, paused_at: null });
    });

    it('resend sends the same body again as a new delivery; ping sends a signed ping', async () => {
      const list = await call(s, w.people.owner)('GET', `/companies/${w.owner.companyId}/webhooks/${ownerHook.id}/deliveries?pageSize=1`);
      expect(list.body).toMatchObject({ page: 1, pageSize: 1 });
      const original = list.body.items[0];
      const before = receiver.received.length;
      const resent = await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/webhooks/${ownerHook.id}/deliveries/${original.id}/resend`);
      expect(resent.status).toBe(202);
      expect(resent.body).toMatchObject({ resendOf: original.id, status: 'pending', eventId: original.eventId });
      const ping = await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/webhooks/${ownerHook.id}/ping`);
      expect(ping.status).toBe(202);
      await drain();
      const got = receiver.received.slice(before);
      expect(got.map((r) => r.json.event).sort()).toEqual([original.event, 'ping'].sort());
      expect(got.find((r) => r.json.event === original.event)!.body).toBe(original.body);
      for (const r of got) expect(verifySignature(ownerHook.secret, r.body, r.headers['fieldwork-signature'] as string)).toBe(true);
    });

    it('the hourly purge removes deliveries finished more than 30 days ago, never a pending one', async () => {
      const deliveries = () => s.services.db.selectFrom('webhook_deliveries').select(['id', 'status', 'finished_at']).where('webhook_id', '=', ownerHook.id).orderBy('id').execute();
      const [old, pendingOne, ...rest] = await deliveries();
      const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
      const lately = new Date(Date.now() - 29 * 86_400_000).toISOString();
      await s.services.db.updateTable('webhook_deliveries').set({ finished_at: longAgo }).where('id', '=', old!.id).execute();
      await s.services.db.updateTable('webhook_deliveries').set({ status: 'pending', finished_at: longAgo }).where('id', '=', pendingOne!.id).execute();
      if (rest[0]) await s.services.db.updateTable('webhook_deliveries').set({ finished_at: lately }).where('id', '=', rest[0].id).execute();
      expect(await purgeOldDeliveries(s.services.db)).toBe(1);
      expect((await deliveries()).map((d) => d.id)).toEqual([pendingOne!.id, ...rest.map((d) => d.id)]);
      await s.services.db.updateTable('webhook_deliveries').set({ status: pendingOne!.status, finished_at: pendingOne!.finished_at }).where('id', '=', pendingOne!.id).execute();
    });

    it("another company's webhook is 404 to every route, and the view permission cannot change one", async () => {
      const base = `/companies/${w.owner.companyId}/webhooks/${strangerHook.id}`;
      for (const [method, path] of [
        ['GET', base],
        ['PATCH', base],
        ['DELETE', base],
        ['POST', `${base}/rotate-secret`],
        ['POST', `${base}/ping`],
        ['GET', `${base}/deliveries`],
      ] as const) {
        const res = await call(s, w.people.owner)(method, path, method === 'PATCH' ? { active: false } : undefined);
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      // A project manager holds no integrations permission by default.
      expect((await call(s, w.people.ownerPm)('GET', `/companies/${w.owner.companyId}/webhooks`)).status).toBe(403);
    });

    it('rotating the secret signs later deliveries with the new one only', async () => {
      const rotated = await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/webhooks/${ownerHook.id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).not.toBe(ownerHook.secret);
      const before = receiver.received.length;
      await call(s, w.people.owner)('POST', `/companies/${w.owner.companyId}/webhooks/${ownerHook.id}/ping`);
      await drain();
      const r = receiver.received[before]!;
      expect(verifySignature(rotated.body.secret, r.body, r.headers['fieldwork-signature'] as string)).toBe(true);
      expect(verifySignature(ownerHook.secret, r.body, r.headers['fieldwork-signature'] as string)).toBe(false);
      ownerHook = { id: ownerHook.id, secret: rotated.body.secret };
    });

    it('an endpoint failing for a day is paused and its owners told; resuming clears it', async () => {
      failing = true;
      const mark = await lastNotificationId(s);
      // It has been failing for a day already.
      const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
      await s.services.db.updateTable('webhooks').set({ failing_since: dayAgo }).where('id', '=', subHook.id).execute();
      await approvedProduction(s, w);
      await s.services.jobs.drain();
      const hook = await s.services.db.selectFrom('webhooks').select(['paused_at', 'failing_since']).where('id', '=', subHook.id).executeTakeFirstOrThrow();
      expect(hook.paused_at).not.toBeNull();
      const told = await notificationsSince(s, mark);
      expect(told.filter((n) => n.type === 'webhook').map((n) => [n.company_id, n.user_id])).toEqual([[w.sub.companyId, w.people.sub.userId]]);
      // Paused: the next event is not queued for it, and its pending retry is not sent.
      failing = false;
      await drain();
      const pending = await s.services.db.selectFrom('webhook_deliveries').select(['status', 'error']).where('webhook_id', '=', subHook.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(pending).toEqual({ status: 'failed', error: 'The endpoint is paused' });
      const listed = await call(s, w.people.sub)('GET', `/companies/${w.sub.companyId}/webhooks/${subHook.id}`);
      expect(listed.body.pausedAt).not.toBeNull();
      const resumed = await call(s, w.people.sub)('PATCH', `/companies/${w.sub.companyId}/webhooks/${subHook.id}`, { active: true });
      expect(resumed.status).toBe(200);
      expect(resumed.body).toMatchObject({ pausedAt: null, failingSince: null, active: true });
    });

    it('refuses bad input with 400 and changes nothing; deletes an endpoint with its deliveries', async () => {
      const path = `/companies/${w.owner.companyId}/webhooks`;
      for (const body of [
        { url: 'ftp://example.com/x', events: ['production.approved'] },
        { url: receiver.url, events: [] },
        { url: receiver.url, events: ['production.exploded'] },
        { url: receiver.url, events: ['invoice.paid', 'invoice.paid'] },
        { url: receiver.url, events: ['invoice.paid'], extra: 1 },
        { url: 'https://user:pw@example.com/', events: ['invoice.paid'] },
      ]) {
        const res = await call(s, w.people.owner)('POST', path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect((await call(s, w.people.owner)('GET', path)).body).toHaveLength(1);
      const del = await call(s, w.people.owner)('DELETE', `${path}/${ownerHook.id}`);
      expect(del.status).toBe(204);
      expect(await s.services.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', ownerHook.id).execute()).toHaveLength(0);
    });
  },
  { runJobs: false, webhooks: WEBHOOK_TEST_SETTINGS },
);
