import { BUDGET_MESSAGES } from '../../resources/budget.js';
import { call } from './budgets-helpers.js';
import { describeEachDatabase } from './harness.js';
import { AREA, COUNT, drawn, LINE, takeoffWorld } from './plan-takeoff-helpers.js';
import { createProject } from './project-helpers.js';

describeEachDatabase('plan takeoff: into the budget', (server) => {
  it("adds what was measured on the plan to the budget as budget items, and sets their quantities on a second add", async () => {
    const s = server();
    const w = await takeoffWorld(s);
    const line = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE });
    await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: { points: [[0, 0], [30, 40]] }, pageNumber: 2 });
    await drawn(s, w, { itemId: w.takeoffItems.sod, kind: 'area', geometry: AREA });
    await drawn(s, w, { itemId: w.takeoffItems.handhole, kind: 'count', geometry: COUNT });
    // The handhole is already budgeted (by hand): the takeoff sets its quantity.
    const hand = await call(s, w.owner)('POST', `${w.base}/items`, { itemId: w.takeoffItems.handhole, quantity: 1, price: '250.00' });
    expect(hand.status).toBe(201);

    const preview = await call(s, w.people.client)('GET', `/layerItems/${w.fileId}/takeoff?budgetId=${w.budgetId}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual([
      { itemId: w.takeoffItems.conduit, itemName: 'Conduit', itemCode: 'CND', unit: 'LF', measured: '87.778', drawings: 2, budgetItemId: null, inBudget: null },
      { itemId: w.takeoffItems.sod, itemName: 'Sod', itemCode: 'SOD', unit: 'SF', measured: '1200', drawings: 1, budgetItemId: null, inBudget: null },
      { itemId: w.takeoffItems.handhole, itemName: 'Handhole', itemCode: 'HH', unit: 'EA', measured: '3', drawings: 1, budgetItemId: hand.body.id, inBudget: '1' },
    ]);

    const added = await call(s, w.owner)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.takeoffItems.conduit, w.takeoffItems.sod, w.takeoffItems.handhole] });
    expect(added.status).toBe(200);
    const items = (await call(s, w.owner)('GET', `${w.base}/items/company?_end=100`)).body;
    const list = (Array.isArray(items) ? items : items.data) as Array<{ id: number; itemId: number; quantity: number; price: string }>;
    const conduit = list.find((i) => i.itemId === w.takeoffItems.conduit)!;
    const sod = list.find((i) => i.itemId === w.takeoffItems.sod)!;
    // 87.778 LF is budgeted as 88 whole feet (never less than measured); new items at the price 0.
    expect([conduit.quantity, conduit.price, sod.quantity]).toEqual([88, '0.00', 1200]);
    expect(list.find((i) => i.id === hand.body.id)).toMatchObject({ quantity: 3, price: '250.00' });
    expect(added.body.map((r: any) => [r.itemName, r.budgetItemId, r.inBudget])).toEqual([
      ['Conduit', conduit.id, '88'],
      ['Sod', sod.id, '1200'],
      ['Handhole', hand.body.id, '3'],
    ]);
    const sheet = await call(s, w.owner)('GET', `/layerItems/${w.fileId}`);
    expect(sheet.body.items.map((i: any) => i.budgetItemId)).toEqual([conduit.id, conduit.id, sod.id, hand.body.id]);

    // Reshaped (60 → 80 ft) and added again: the same budget item takes the new total, none is made.
    const longer = await call(s, w.owner)('PATCH', `/item/${w.fileId}/4`, { itemId: line.id, version: 1, geometry: { points: [[10, 10], [154, 10]] } });
    expect(longer.body.quantity).toBe('80');
    const again = await call(s, w.owner)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.takeoffItems.conduit] });
    expect(again.body[0]).toMatchObject({ measured: '107.778', budgetItemId: conduit.id, inBudget: '108' });
    const count = await s.services.db.selectFrom('budget_items').select('id').where('budget_id', '=', w.budgetId).where('item_id', '=', w.takeoffItems.conduit).execute();
    expect(count).toHaveLength(1);
    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'budget').where('entity_id', '=', String(w.budgetId)).where('action', '=', 'takeoff added to budget').execute();
    expect(trail).toHaveLength(2);

    // An item not drawn is a 400; writes need projects:manage; another project's budget and a stranger are 404.
    const undrawn = await call(s, w.owner)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.items.labor] });
    expect(undrawn.status).toBe(400);
    expect((await call(s, w.people.client)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.takeoffItems.sod] })).status).toBe(403);
    expect((await call(s, w.people.ownerCrew)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.takeoffItems.sod] })).status).toBe(403);
    expect((await call(s, w.stranger)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.takeoffItems.sod] })).status).toBe(404);
    expect((await call(s, w.stranger)('GET', `/layerItems/${w.fileId}/takeoff?budgetId=${w.budgetId}`)).status).toBe(404);
    const elsewhere = await createProject(s, w.owner.token, w.owner.companyId, { projectName: 'Elsewhere' });
    expect((await call(s, w.owner)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: elsewhere.budgetId, itemIds: [w.takeoffItems.sod] })).status).toBe(404);
    expect((await call(s, w.owner)('GET', `/layerItems/${w.fileId}/takeoff?budgetId=${elsewhere.budgetId}`)).status).toBe(404);

    // A budget that no longer takes items answers the budget's own 409, and nothing changes.
    await s.services.db.updateTable('budgets').set({ status: 'approved' }).where('id', '=', w.budgetId).execute();
    const closed = await call(s, w.owner)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.takeoffItems.conduit] });
    expect([closed.status, closed.body.message]).toEqual([409, BUDGET_MESSAGES.notEditable]);
  });
});
