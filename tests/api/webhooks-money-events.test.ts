import type { WebhookEvent } from '../../resources/webhook.js';
import { verifySignature } from '../../server/lib/webhooks/signing.js';
import { callAs, externalPath, requestReview, reviewLinkMailedTo, reviewsPath, reviewWorld } from './budget-reviews-helpers.js';
import { call, side } from './budgets-helpers.js';
import { API, as, changeOrderWorld, type Person, type World } from './change-orders-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { billing, createInvoice, invoiceWorld, production, type InvoiceWorld } from './invoices-helpers.js';
import { useReceiver, WEBHOOK_TEST_SETTINGS } from './webhook-receiver.js';

type Who = { token: string; headers: Record<string, string> };
type Hook = { id: number; secret: string; companyId: number };
type Expected = { hook: Hook; data: unknown };

/** Invoices, change orders and budget reviews: each event reaches the companies the record belongs to, never a third one. */
describeEachDatabase(
  'webhooks: invoice, change order and budget review events',
  (server) => {
    let s: TestServer;
    const receiver = useReceiver();
    beforeAll(() => {
      s = server();
    });

    const hook = async (who: Who, companyId: number, event: WebhookEvent): Promise<Hook> => {
      const res = await s.call('POST', `${API}/companies/${companyId}/webhooks`, { token: who.token, headers: who.headers, body: { url: `${receiver().url}?${companyId}`, events: [event] } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { id: res.body.id, secret: res.body.secret, companyId };
    };
    const mark = () => receiver().received.length;

    /** What arrived since `from`, each with the endpoint its delivery row names. */
    const arrivals = async (from: number) => {
      await s.services.jobs.drain({ includeDelayed: true });
      const rows = await s.services.db.selectFrom('webhook_deliveries').select(['id', 'webhook_id']).execute();
      const hookOf = new Map(rows.map((r) => [String(r.id), r.webhook_id]));
      return receiver().received.slice(from).map((r) => ({ ...r, webhookId: hookOf.get(r.headers['fieldwork-delivery'] as string) }));
    };
    const nothingSince = async (from: number, why: string) => expect(await arrivals(from), why).toEqual([]);

    /** Exactly one delivery to each expected endpoint (so none to the third company's), signed with its secret, carrying its company's view. */
    const expectDelivered = async (from: number, event: WebhookEvent, ids: Record<string, number>, expected: Expected[]) => {
      const got = await arrivals(from);
      expect(got.map((g) => g.webhookId).sort()).toEqual(expected.map((e) => e.hook.id).sort());
      for (const e of expected) {
        const r = got.find((g) => g.webhookId === e.hook.id)!;
        expect(verifySignature(e.hook.secret, r.body, r.headers['fieldwork-signature'] as string)).toBe(true);
        expect(r.json).toMatchObject({ event, companyId: e.hook.companyId });
        expect(r.json.ids).toEqual(ids);
        expect(r.json.data).toEqual(e.data);
      }
      // One event: the same id at every endpoint.
      expect(new Set(got.map((g) => g.json.id)).size).toBe(1);
    };
    const noDeliveriesFor = async (h: Hook) => expect(await s.services.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', h.id).execute()).toEqual([]);

    describe('invoices', () => {
      /** Each side's endpoint for the event, and the stranger's. */
      const hooks = async (w: InvoiceWorld, event: WebhookEvent) => ({
        owner: await hook(side(w.owner), w.owner.companyId, event),
        client: await hook(side(w.client), w.client.companyId, event),
        stranger: await hook(side(w.stranger), w.stranger.companyId, event),
      });
      // The payload is computed for nobody who may act (canManage false), so it lists no moves: the one per-caller field of the answer.
      const asSeenBy = async (who: Who, id: number) => ({ ...(await call(s, who)('GET', `/invoices/${id}`)).body, moves: [] });
      const expectBothSides = async (from: number, event: WebhookEvent, w: InvoiceWorld, h: Awaited<ReturnType<typeof hooks>>, id: number) => {
        const expected = [
          { hook: h.owner, data: await asSeenBy(side(w.owner), id) },
          { hook: h.client, data: await asSeenBy(side(w.client), id) },
        ];
        await expectDelivered(from, event, { invoiceId: id, projectId: w.projectId }, expected);
        await noDeliveriesFor(h.stranger);
      };
      const billable = async (w: InvoiceWorld, status?: 'submit') => {
        const p = await production(s, w, 'owner', [[w.budgetItems.asphalt, 8000]]);
        return createInvoice(s, side(w.owner), w.owner.companyId, { projectId: w.projectId, productions: billing(p), ...(status ? { status } : {}) });
      };

      it('invoice.sent: a draft says nothing; sending it tells the issuer and the billed company', async () => {
        const w = await invoiceWorld(s);
        const h = await hooks(w, 'invoice.sent');
        let from = mark();
        const draft = await billable(w);
        await nothingSince(from, 'a draft is not sent');
        from = mark();
        expect((await call(s, side(w.owner))('PATCH', `/invoices/${draft.id}/send`)).status).toBe(200);
        await expectBothSides(from, 'invoice.sent', w, h, draft.id);
        from = mark();
        expect((await call(s, side(w.owner))('PATCH', `/invoices/${draft.id}/send`)).status).toBe(409);
        await nothingSince(from, 'sending twice is refused');
      });

      it('invoice.approved: a rejection says nothing; the billed company’s approval tells both sides', async () => {
        const w = await invoiceWorld(s);
        const sent = await billable(w, 'submit');
        const h = await hooks(w, 'invoice.approved');
        const client = call(s, side(w.client));
        let from = mark();
        expect((await client('POST', `/invoices/${sent.id}/reject`, { reason: 'Wrong week' })).status).toBe(200);
        expect((await call(s, side(w.owner))('PATCH', `/invoices/${sent.id}/send`)).status).toBe(200);
        await nothingSince(from, 'a rejection and a resend are other events');
        from = mark();
        expect((await client('POST', `/invoices/${sent.id}/approve`)).status).toBe(200);
        await expectBothSides(from, 'invoice.approved', w, h, sent.id);
        from = mark();
        expect((await client('POST', `/invoices/${sent.id}/approve`)).status).toBe(409);
        await nothingSince(from, 'approving twice is refused');
      });

      it('invoice.paid: a part payment says nothing; the payment of the balance tells both sides once', async () => {
        const w = await invoiceWorld(s);
        const sent = await billable(w, 'submit');
        expect((await call(s, side(w.client))('POST', `/invoices/${sent.id}/approve`)).status).toBe(200);
        const h = await hooks(w, 'invoice.paid');
        const owner = call(s, side(w.owner));
        let from = mark();
        expect((await owner('POST', `/invoices/${sent.id}/paid/partially_paid`, { amount: '40.00' })).status).toBe(200);
        await nothingSince(from, 'partly paid is not paid');
        from = mark();
        expect((await owner('POST', `/invoices/${sent.id}/paid/paid`, {})).status).toBe(200);
        await expectBothSides(from, 'invoice.paid', w, h, sent.id);
        from = mark();
        expect((await owner('POST', `/invoices/${sent.id}/paid/paid`, {})).status).toBe(409);
        await nothingSince(from, 'a paid invoice takes no payment');
      });

      it('invoice.cancelled: a sent invoice tells both sides; a draft only its issuer; a refused cancel nothing', async () => {
        const w = await invoiceWorld(s);
        const sent = await billable(w, 'submit');
        const draft = await billable(w);
        const h = await hooks(w, 'invoice.cancelled');
        const owner = call(s, side(w.owner));
        let from = mark();
        expect((await call(s, side(w.client))('POST', `/invoices/${sent.id}/cancelled`, { reason: 'Mine' })).status).toBe(403);
        await nothingSince(from, 'the billed company cannot cancel');
        expect((await owner('POST', `/invoices/${sent.id}/cancelled`, { reason: 'Duplicate' })).status).toBe(200);
        await expectBothSides(from, 'invoice.cancelled', w, h, sent.id);
        from = mark();
        expect((await owner('POST', `/invoices/${sent.id}/cancelled`, { reason: 'Again' })).status).toBe(409);
        await nothingSince(from, 'cancelling twice is refused');
        // The billed company never saw the draft, so it does not hear of its end.
        expect((await owner('POST', `/invoices/${draft.id}/cancelled`, { reason: 'Not needed' })).status).toBe(200);
        await expectDelivered(from, 'invoice.cancelled', { invoiceId: draft.id, projectId: w.projectId }, [{ hook: h.owner, data: await asSeenBy(side(w.owner), draft.id) }]);
      });
    });

    describe('change orders', () => {
      const hooks = async (w: World, event: WebhookEvent) => ({
        owner: await hook(w.owner.owner, w.owner.companyId, event),
        client: await hook(w.client.owner, w.client.companyId, event),
        parent: await hook(w.parent.owner, w.parent.companyId, event),
        outsider: await hook(w.outsider.owner, w.outsider.companyId, event),
      });
      const sentChangeOrder = async (w: World, body: Record<string, unknown> = {}) => {
        const created = await as(s, w.owner.owner)('POST', w.url, { itemId: w.items.asphalt, ...body });
        expect(created.status).toBe(201);
        expect((await as(s, w.owner.owner)('POST', `${w.url}/${created.body.id}/send`, { price: '13.75' })).status).toBe(200);
        return created.body.id as number;
      };
      // As the list answers that company, its per-caller fields computed for nobody (docs/webhooks.md): no decision, no moves.
      const listedFor = async (w: World, who: Person, id: number) => {
        const list = await as(s, who)('GET', w.url);
        expect(list.status).toBe(200);
        return { ...list.body.find((c: { id: number }) => c.id === id), canDecide: false, moves: [] };
      };
      const ids = (w: World, id: number) => ({ changeOrderId: id, budgetItemId: w.items.asphalt, budgetId: w.budgetId, projectId: w.projectId });

      it('change_order.accepted: the owner’s refused accept says nothing; the client’s accept tells the owner and the client', async () => {
        const w = await changeOrderWorld(s);
        const id = await sentChangeOrder(w);
        const h = await hooks(w, 'change_order.accepted');
        let from = mark();
        expect((await as(s, w.owner.owner)('POST', `${w.url}/${id}/accept`)).status).toBe(403);
        await nothingSince(from, 'the owner does not decide its own change order');
        from = mark();
        expect((await as(s, w.client.owner)('POST', `${w.url}/${id}/accept`)).status).toBe(200);
        await expectDelivered(from, 'change_order.accepted', ids(w, id), [
          { hook: h.owner, data: await listedFor(w, w.owner.owner, id) },
          { hook: h.client, data: await listedFor(w, w.client.owner, id) },
        ]);
        await noDeliveriesFor(h.parent);
        await noDeliveriesFor(h.outsider);
      });

      it('change_order.rejected: asked of the parent, its sending back tells the owner and the parent, not the client', async () => {
        const w = await changeOrderWorld(s);
        const id = await sentChangeOrder(w, { requestFromParent: true });
        const h = await hooks(w, 'change_order.rejected');
        let from = mark();
        expect((await as(s, w.client.owner)('POST', `${w.url}/${id}/reject`, { message: 'No' })).status).toBe(403);
        expect((await as(s, w.parent.owner)('POST', `${w.url}/${id}/reject`, { message: '  ' })).status).toBe(400);
        await nothingSince(from, 'refused decisions');
        expect((await as(s, w.parent.owner)('POST', `${w.url}/${id}/reject`, { message: 'Too expensive' })).status).toBe(200);
        await expectDelivered(from, 'change_order.rejected', ids(w, id), [
          { hook: h.owner, data: await listedFor(w, w.owner.owner, id) },
          { hook: h.parent, data: await listedFor(w, w.parent.owner, id) },
        ]);
        await noDeliveriesFor(h.client);
        await noDeliveriesFor(h.outsider);
        from = mark();
        expect((await as(s, w.parent.owner)('POST', `${w.url}/${id}/reject`, { message: 'Again' })).status).toBe(409);
        await nothingSince(from, 'sending back twice is refused');
      });
    });

    describe('budget reviews', () => {
      it('budget_review.decided: a rejection through the link tells the owner and the reviewer’s company; the reviews it revokes and refused decisions say nothing', async () => {
        const w = await reviewWorld(s);
        const byClient = await requestReview(s, w, w.clientPlain);
        const byOwnerPm = await requestReview(s, w, w.ownerPm);
        const link = await reviewLinkMailedTo(s, w.clientPlain.email);
        const h = {
          owner: await hook(w.ownerBoss, w.owner.companyId, 'budget_review.decided'),
          client: await hook(w.clientBoss, w.client.companyId, 'budget_review.decided'),
          stranger: await hook(w.strangerBoss, w.stranger.companyId, 'budget_review.decided'),
        };
        let from = mark();
        expect((await callAs(s, w.ownerBoss, 'PATCH', `${reviewsPath(w)}/${byClient.id}`, { status: 'approved' })).status).toBe(403);
        await nothingSince(from, 'only the reviewer decides');
        // Through the public link: no session at all.
        expect((await s.call('POST', externalPath(link, 'reject'), { body: { reason: 'Handhole price is too high' } })).status).toBe(200);
        const review = async (who: Who) => (await callAs(s, who, 'GET', `${reviewsPath(w)}/${byClient.id}`)).body;
        await expectDelivered(from, 'budget_review.decided', { reviewId: byClient.id, budgetId: w.budgetId, projectId: w.projectId }, [
          { hook: h.owner, data: await review(w.ownerBoss) },
          { hook: h.client, data: await review(w.clientBoss) },
        ]);
        await noDeliveriesFor(h.stranger);
        expect((await callAs(s, w.ownerBoss, 'GET', `${reviewsPath(w)}/${byOwnerPm.id}`)).body.status).toBe('revoked');
        from = mark();
        expect((await callAs(s, w.ownerPm, 'PATCH', `${reviewsPath(w)}/${byOwnerPm.id}`, { status: 'approved' })).status).toBe(409);
        expect((await s.call('POST', externalPath(link, 'reject'), { body: { reason: 'Again' } })).status).toBe(410);
        await nothingSince(from, 'a decided or revoked review is not decided again');
      });
    });
  },
  { runJobs: false, webhooks: WEBHOOK_TEST_SETTINGS },
);
