import { externalPath, membershipOf, reviewLinkMailedTo, reviewsPath, submitBudget } from './budget-reviews-helpers.js';
import { call, type Caller } from './budgets-helpers.js';
import { addMember, describeEachDatabase } from './harness.js';
import { AREA, COUNT, drawn, LINE, takeoffWorld } from './plan-takeoff-helpers.js';

type Item = { id: number; itemId: number; drawings: number; planEvidence: { fileId: number; pageNumber: number; layerItemId: number } | null };

describeEachDatabase('budget items: their plan drawings', (server) => {
  it('counts the drawings added to each budget item and gives the first as evidence to whoever can open the plan', async () => {
    const s = server();
    const w = await takeoffWorld(s);
    // Conduit drawn on page 2 first, then on page 1: the first drawn is the evidence, whatever its page.
    const first = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: { points: [[0, 0], [30, 40]] }, pageNumber: 2 });
    await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE });
    const sod = await drawn(s, w, { itemId: w.takeoffItems.sod, kind: 'area', geometry: AREA });
    // Drawn but never added to the budget: no budget item carries it.
    await drawn(s, w, { itemId: w.takeoffItems.handhole, kind: 'count', geometry: COUNT });
    const added = await call(s, w.owner)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.takeoffItems.conduit, w.takeoffItems.sod] });
    expect(added.status).toBe(200);

    const items = async (who: Pick<Caller, 'token' | 'headers'>) => {
      const res = await call(s, who)('GET', `${w.base}/items/company?_end=100`);
      expect(res.status).toBe(200);
      const rows = res.body as Item[];
      return Object.fromEntries(rows.map((r) => [r.itemId, [r.drawings, r.planEvidence]]));
    };
    const evidence = {
      conduit: { fileId: w.fileId, pageNumber: 2, layerItemId: first.id },
      sod: { fileId: w.fileId, pageNumber: 1, layerItemId: sod.id },
    };
    expect(await items(w.owner)).toEqual({
      [w.items.asphalt]: [0, null],
      [w.items.pipe]: [0, null],
      [w.items.labor]: [0, null],
      [w.takeoffItems.conduit]: [2, evidence.conduit],
      [w.takeoffItems.sod]: [1, evidence.sod],
    });
    // The client's member and the owner's claims staff (who read projects, not files) open the plan through its sheet too.
    expect((await items(w.people.client))[w.takeoffItems.conduit]).toEqual([2, evidence.conduit]);
    expect((await call(s, w.people.client)('GET', `/layerItems/${w.fileId}/file`)).status).toBe(200);
    const claims = await addMember(s, w.owner.companyId, 'Claims');
    expect((await items({ token: claims.token, headers: w.owner.headers }))[w.takeoffItems.conduit]).toEqual([2, evidence.conduit]);
    expect((await call(s, { token: claims.token, headers: w.owner.headers })('GET', `/layerItems/${w.fileId}/file`)).status).toBe(200);
    expect((await call(s, w.stranger)('GET', `${w.base}/items/company`)).status).toBe(404);

    // The review link: evidence for a reviewer with an account (who signs in to open the plan), the count alone for a contact without one.
    await submitBudget(s, w.budgetId);
    const reviewed = async (body: Record<string, unknown>, email: string) => {
      const asked = await call(s, w.owner)('POST', reviewsPath(w), body);
      expect(asked.status).toBe(201);
      const res = await s.call('GET', externalPath(await reviewLinkMailedTo(s, email)));
      expect(res.status).toBe(200);
      return Object.fromEntries((res.body.items as Item[]).map((r) => [r.id, [r.drawings, r.planEvidence]]));
    };
    const budgetItemOf = async (itemId: number) =>
      (await s.services.db.selectFrom('budget_items').select('id').where('budget_id', '=', w.budgetId).where('item_id', '=', itemId).executeTakeFirstOrThrow()).id;
    const conduitItem = await budgetItemOf(w.takeoffItems.conduit);
    const sodItem = await budgetItemOf(w.takeoffItems.sod);
    const asphaltItem = await budgetItemOf(w.items.asphalt);
    const emailOf = async (userId: number) => (await s.services.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

    const pm = await reviewed({ memberId: await membershipOf(s, w.owner.companyId, w.people.ownerPm.userId) }, await emailOf(w.people.ownerPm.userId));
    expect([pm[conduitItem], pm[sodItem], pm[asphaltItem]]).toEqual([[2, evidence.conduit], [1, evidence.sod], [0, null]]);
    const client = await reviewed({ memberId: await membershipOf(s, w.client.companyId, w.client.user.id) }, w.client.email);
    expect([client[conduitItem], client[sodItem]]).toEqual([[2, evidence.conduit], [1, evidence.sod]]);
    const contact = await reviewed({ contactEmail: 'controller@client.example', contactName: 'Casey Controller' }, 'controller@client.example');
    expect([contact[conduitItem], contact[sodItem]]).toEqual([[2, null], [1, null]]);
  });
});
