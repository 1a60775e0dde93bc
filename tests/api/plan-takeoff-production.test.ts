import { PRODUCTION_MESSAGES } from '../../resources/production.js';
import { call } from './budgets-helpers.js';
import { describeEachDatabase } from './harness.js';
import { AREA, COUNT, drawn, LINE, refusal, takeoffWorld } from './plan-takeoff-helpers.js';
import { recordProduction } from './productions-helpers.js';

describeEachDatabase('plan takeoff: production marked on the plan', (server) => {
  it("makes a draft's plan items from what the crew marked, refuses a submitted one, and after approval shows what was built and the invoice's evidence", async () => {
    const s = server();
    const w = await takeoffWorld(s);
    const line = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE });
    const area = await drawn(s, w, { itemId: w.takeoffItems.sod, kind: 'area', geometry: AREA });
    const count = await drawn(s, w, { itemId: w.takeoffItems.handhole, kind: 'count', geometry: COUNT });
    const added = await call(s, w.owner)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.takeoffItems.conduit, w.takeoffItems.sod, w.takeoffItems.handhole] });
    expect(added.status).toBe(200);
    const budgetItemOf = Object.fromEntries(added.body.map((r: any) => [r.itemId, r.budgetItemId]));
    // Drawn after the add, this line is in no budget item yet.
    const unlinked = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE, pageNumber: 2 });

    const leader = call(s, w.people.ownerLeader);
    const p = await recordProduction(s, w, w.people.ownerLeader);
    // The draft lists the pages with drawings in the budget, where its crew can mark (page 2's line is not in it).
    const draft = await leader('GET', `/production/${p.id}`);
    expect(draft.body.planSheets).toEqual([{ fileId: w.fileId, fileName: expect.any(String), pageNumber: 1, drawings: 3 }]);
    // 72 + 36 points of the line (40 + 20 ft), a 36-point square of the area (20 × 20 = 400 SF), two of the three handholes.
    const marks = [
      { layerItemId: line.id, geometry: { points: [[10, 10], [82, 10]] } },
      { layerItemId: line.id, geometry: { points: [[82, 10], [82, 46]] } },
      { layerItemId: area.id, geometry: { points: [[136, 136], [172, 136], [172, 172], [136, 172]] } },
      { layerItemId: count.id, geometry: { points: [[300, 300], [310, 300]] } },
    ];
    const marked = await leader('PATCH', `/production/${p.id}/pdf/items`, { marks });
    expect(marked.status).toBe(200);
    expect(marked.body.items.map((i: any) => [i.itemName, i.source, i.quantity])).toEqual([
      ['Asphalt', 'manual', '2.5'],
      ['Conduit', 'pdf', '60'],
      ['Sod', 'pdf', '400'],
      ['Handhole', 'pdf', '2'],
    ]);
    expect(marked.body.planMarks[0].fileName).toBe(draft.body.planSheets[0].fileName);
    expect(marked.body.planMarks.map((m: any) => [m.layerItemId, m.fileId, m.pageNumber, m.itemName, m.quantity])).toEqual([
      [line.id, w.fileId, 1, 'Conduit', '40'],
      [line.id, w.fileId, 1, 'Conduit', '20'],
      [area.id, w.fileId, 1, 'Sod', '400'],
      [count.id, w.fileId, 1, 'Handhole', '2'],
    ]);
    const conduitItem = marked.body.items.find((i: any) => i.itemName === 'Conduit');
    expect(conduitItem.budgetItemId).toBe(budgetItemOf[w.takeoffItems.conduit]);

    // Marked again: the conduit item keeps its id with the new sum; the others are removed.
    const again = await leader('PATCH', `/production/${p.id}/pdf/items`, { marks: [marks[0]] });
    expect(again.body.items.map((i: any) => [i.id === conduitItem.id || i.source === 'manual', i.itemName, i.quantity])).toEqual([
      [true, 'Asphalt', '2.5'],
      [true, 'Conduit', '40'],
    ]);
    expect(again.body.planMarks).toHaveLength(1);

    const before = await s.services.db.selectFrom('production_items').selectAll().where('production_id', '=', p.id).orderBy('id').execute();
    const notAdded = await leader('PATCH', `/production/${p.id}/pdf/items`, { marks: [{ layerItemId: unlinked.id, geometry: LINE }] });
    expect(refusal(notAdded)).toEqual([400, 'Add this drawing to the budget before marking production on it']);
    const crossing = await leader('PATCH', `/production/${p.id}/pdf/items`, { marks: [{ layerItemId: area.id, geometry: { points: [[0, 0], [10, 10], [10, 0], [0, 10]] } }] });
    expect(crossing.status).toBe(400);
    expect((await leader('PATCH', `/production/${p.id}/pdf/items`, { marks: [{ layerItemId: 999999, geometry: LINE }] })).status).toBe(400);
    expect(await s.services.db.selectFrom('production_items').selectAll().where('production_id', '=', p.id).orderBy('id').execute()).toEqual(before);
    // The sheet shows the draft's marks to its producer, not yet as built.
    const sheet = await call(s, w.owner)('GET', `/layerItems/${w.fileId}?pageNumber=1`);
    expect(sheet.body.marks.map((m: any) => [m.layerItemId, m.quantity, m.productionStatus])).toEqual([[line.id, '40', 'draft']]);
    expect(sheet.body.items.find((i: any) => i.id === line.id).built).toBe('0');
    // Drawn evidence stays while production is marked on it.
    expect((await call(s, w.owner)('DELETE', `/item/${w.fileId}/4?itemId=${line.id}`)).status).toBe(409);

    // Submitted, it no longer changes; approved, the line shows 40 ft built and the invoice links its evidence.
    expect((await call(s, w.people.ownerPm)('PATCH', `/production/${p.id}/submit`)).status).toBe(200);
    const late = await leader('PATCH', `/production/${p.id}/pdf/items`, { marks });
    expect(refusal(late)).toEqual([409, PRODUCTION_MESSAGES.notEditable]);
    expect((await call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, {})).status).toBe(200);
    const built = await call(s, w.people.client)('GET', `/layerItems/${w.fileId}`);
    expect(built.body.items.find((i: any) => i.id === line.id)).toMatchObject({ quantity: '60', built: '40' });
    expect(built.body.marks.map((m: any) => [m.layerItemId, m.productionStatus])).toEqual([[line.id, 'approved']]);

    const shown = await call(s, w.people.client)('GET', `/production/${p.id}`);
    expect(shown.body.planSheets).toEqual([]);
    expect(shown.body.planMarks).toEqual([expect.objectContaining({ layerItemId: line.id, fileId: w.fileId, pageNumber: 1, quantity: '40' })]);
    const production = (await call(s, w.owner)('GET', `/production/${p.id}`)).body;
    const invoice = await call(s, w.owner)('POST', `/invoices/${w.owner.companyId}`, {
      projectId: w.projectId,
      productions: [{ id: p.id, items: production.items.map((i: any) => ({ id: i.id })) }],
    });
    expect(invoice.status).toBe(201);
    const lines = invoice.body.lines.map((l: any) => [l.itemName, l.quantity, l.planEvidence]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['Asphalt', '2.5', []],
        ['Conduit', '40', [{ fileId: w.fileId, pageNumber: 1, layerItemId: line.id }]],
      ]),
    );
  });
});
