import { call } from './budgets-helpers.js';
import { describeEachDatabase } from './harness.js';
import { drawn, LINE, takeoffWorld } from './plan-takeoff-helpers.js';

describeEachDatabase('plan takeoff: the project board lists the plan sheets', (server) => {
  it("lists the pages with drawings in the budget to the project's crews and its subcontractor, and hides the project from anyone else", async () => {
    const s = server();
    const w = await takeoffWorld(s);
    const path = `/projects/${w.projectId}/plan-sheets`;
    const leader = call(s, w.people.ownerLeader);
    // A page with a drawing that is in no budget item has nothing for a crew to build yet.
    await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE });
    expect((await leader('GET', path)).body).toEqual([]);

    const added = await call(s, w.owner)('POST', `/layerItems/${w.fileId}/add-to-budget`, { budgetId: w.budgetId, itemIds: [w.takeoffItems.conduit] });
    expect(added.status).toBe(200);
    await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE, pageNumber: 2 });
    const sheets = await leader('GET', path);
    expect(sheets.status).toBe(200);
    expect(sheets.body).toEqual([{ fileId: w.fileId, fileName: expect.any(String), pageNumber: 1, drawings: 1 }]);
    expect((await call(s, w.people.subLeader)('GET', path)).body).toEqual(sheets.body);

    expect((await call(s, w.people.stranger)('GET', path)).status).toBe(404);
    expect((await leader('GET', '/projects/999999/plan-sheets')).status).toBe(404);
    expect((await leader('GET', '/projects/abc/plan-sheets')).status).toBe(400);
  });
});
