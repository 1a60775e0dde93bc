import { TAKEOFF_MESSAGES } from '../../resources/plan-takeoff.js';
import { call } from './budgets-helpers.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { createProject } from './project-helpers.js';
import { AREA, COUNT, draw, drawn, LINE, refusal, takeoffWorld, uploadPlan } from './plan-takeoff-helpers.js';

describeEachDatabase('plan takeoff: drawings and their quantities', (server) => {
  let s: TestServer;
  let w: Awaited<ReturnType<typeof takeoffWorld>>;
  beforeAll(async () => {
    s = server();
    w = await takeoffWorld(s);
  });

  it("measures a line, an area less its opening and a count at the project's scale, as hand-computed", async () => {
    const line = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE });
    expect(line.quantity).toBe('60');
    const area = await drawn(s, w, { itemId: w.takeoffItems.sod, kind: 'area', geometry: AREA });
    expect(area.quantity).toBe('1200');
    const count = await drawn(s, w, { itemId: w.takeoffItems.handhole, kind: 'count', geometry: COUNT });
    expect(count.quantity).toBe('3');
    // 50 points (a 3-4-5 diagonal) = 50/72 in = 27.777… ft, rounded half up to thousandths.
    const diagonal = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: { points: [[0, 0], [30, 40]] }, pageNumber: 2 });
    expect(diagonal.quantity).toBe('27.778');

    const page1 = await call(s, w.owner)('GET', `/layerItems/${w.fileId}?pageNumber=1`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ fileId: w.fileId, projectId: w.projectId, pdfScaleFactor: '480', requireQuantityOnPDFDraw: false, canEdit: true, calibrations: [], marks: [] });
    expect(page1.body.items.map((i: any) => [i.itemName, i.kind, i.unit, i.quantity, i.quantityTyped, i.built, i.version])).toEqual([
      ['Conduit', 'line', 'LF', '60', false, '0', 1],
      ['Sod', 'area', 'SF', '1200', false, '0', 1],
      ['Handhole', 'count', 'EA', '3', false, '0', 1],
    ]);
    expect(page1.body.items[2]).toMatchObject({ color: '#ff0000', budgetItemId: null, geometry: COUNT, updatedBy: w.owner.user.name });
    const all = await call(s, w.owner)('GET', `/layerItems/${w.fileId}`);
    expect(all.body.items).toHaveLength(4);
  });

  it('refuses a drawing that does not suit its item or is not a shape, and one with no scale to measure it', async () => {
    const crossing = await draw(s, w, w.owner, { itemId: w.takeoffItems.sod, kind: 'area', geometry: { points: [[0, 0], [10, 10], [10, 0], [0, 10]] } });
    expect(refusal(crossing)).toEqual([400, TAKEOFF_MESSAGES.selfIntersecting]);
    const hole = await draw(s, w, w.owner, { itemId: w.takeoffItems.sod, kind: 'area', geometry: { points: [[0, 0], [10, 0], [10, 10]], openings: [[[0, 0], [10, 0], [10, 10]]] } });
    expect(refusal(hole)).toEqual([400, TAKEOFF_MESSAGES.openingTooLarge]);
    const point = await draw(s, w, w.owner, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: { points: [[5, 5], [5, 5]] } });
    expect(refusal(point)).toEqual([400, TAKEOFF_MESSAGES.zeroLength]);
    const kind = await draw(s, w, w.owner, { itemId: w.takeoffItems.conduit, kind: 'area', geometry: AREA });
    expect(refusal(kind)).toEqual([400, TAKEOFF_MESSAGES.unitMismatch]);
    const off = await draw(s, w, w.owner, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: { points: [[-1, 0], [5, 5]] } });
    expect(off.status).toBe(400);

    const other = await uploadPlan(s, w.owner, w.projectId, 'other.pdf');
    await s.services.db.updateTable('projects').set({ pdf_scale_factor: null }).where('id', '=', w.projectId).execute();
    try {
      const noScale = await call(s, w.owner)('POST', `/layerItems/${other}`, { pageNumber: 1, budgetId: w.budgetId, itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE });
      expect(refusal(noScale)).toEqual([400, TAKEOFF_MESSAGES.noScale]);
      // A count needs no scale.
      const count = await call(s, w.owner)('POST', `/layerItems/${other}`, { pageNumber: 1, budgetId: w.budgetId, itemId: w.takeoffItems.handhole, kind: 'count', geometry: COUNT });
      expect([count.status, count.body.quantity]).toEqual([201, '3']);
    } finally {
      await s.services.db.updateTable('projects').set({ pdf_scale_factor: '480' }).where('id', '=', w.projectId).execute();
    }
  });

  it('asks for the quantity typed when the project requires it, and stores it as typed', async () => {
    await s.services.db.updateTable('projects').set({ require_quantity_on_pdf_draw: 1 }).where('id', '=', w.projectId).execute();
    try {
      const missing = await draw(s, w, w.owner, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE });
      expect(refusal(missing)).toEqual([400, TAKEOFF_MESSAGES.quantityRequired]);
      const typed = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE, quantity: '12.5', pageNumber: 2 });
      expect(typed.quantity).toBe('12.5');
      // Reshaped, it keeps its typed quantity; a new one replaces it.
      const moved = await call(s, w.owner)('PATCH', `/item/${w.fileId}/4`, { itemId: typed.id, version: 1, geometry: { points: [[0, 0], [200, 0]] } });
      expect([moved.status, moved.body.quantity, moved.body.quantityTyped, moved.body.version]).toEqual([200, '12.5', true, 2]);
      const retyped = await call(s, w.owner)('PATCH', `/item/${w.fileId}/4`, { itemId: typed.id, version: 2, quantity: '7' });
      expect(retyped.body.quantity).toBe('7');
    } finally {
      await s.services.db.updateTable('projects').set({ require_quantity_on_pdf_draw: 0 }).where('id', '=', w.projectId).execute();
    }
  });

  it('reshapes a drawing on the version it was made on, and refuses a change made on an older one (409)', async () => {
    const line = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE, pageNumber: 2 });
    const longer = await call(s, w.owner)('PATCH', `/item/${w.fileId}/4`, { itemId: line.id, version: 1, geometry: { points: [[10, 10], [154, 10]] } });
    expect([longer.status, longer.body.quantity, longer.body.version]).toEqual([200, '80', 2]);
    const stale = await call(s, w.owner)('PATCH', `/item/${w.fileId}/4`, { itemId: line.id, version: 1, geometry: LINE });
    expect(refusal(stale)).toEqual([409, TAKEOFF_MESSAGES.version]);
    const after = await call(s, w.owner)('GET', `/layerItems/${w.fileId}?pageNumber=2`);
    expect(after.body.items.find((i: any) => i.id === line.id).quantity).toBe('80');
  });

  it('deletes one drawing, and clears the layers of the budgets on one page', async () => {
    const one = await drawn(s, w, { itemId: w.takeoffItems.handhole, kind: 'count', geometry: COUNT, pageNumber: 2 });
    expect((await call(s, w.owner)('DELETE', `/item/${w.fileId}/4?itemId=${one.id}`)).status).toBe(204);
    expect((await call(s, w.owner)('DELETE', `/item/${w.fileId}/4?itemId=${one.id}`)).status).toBe(404);
    const page2 = async () => (await call(s, w.owner)('GET', `/layerItems/${w.fileId}?pageNumber=2`)).body.items.length;
    expect(await page2()).toBeGreaterThan(0);
    const cleared = await call(s, w.owner)('DELETE', `/items/${w.fileId}/4`, { budgetIds: [w.budgetId], pageNumber: 2 });
    expect(cleared.status).toBe(200);
    expect(await page2()).toBe(0);
    // Page 1 keeps its drawings; the trail has them.
    expect((await call(s, w.owner)('GET', `/layerItems/${w.fileId}?pageNumber=1`)).body.items.length).toBeGreaterThan(0);
    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'budget').where('entity_id', '=', String(w.budgetId)).execute();
    expect(trail.map((t) => t.action)).toEqual(expect.arrayContaining(['drawing added', 'drawing changed', 'drawing deleted']));
  });

  it("answers 404 for another company's file or drawing on every route, and 403 for writes without projects:manage", async () => {
    const line = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE });
    const calls = (fileId: number) =>
      [
        ['GET', `/layerItems/${fileId}`, undefined],
        ['GET', `/layerItems/${fileId}/file`, undefined],
        ['POST', `/layerItems/${fileId}`, { pageNumber: 1, budgetId: w.budgetId, itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE }],
        ['PATCH', `/item/${fileId}/4`, { itemId: line.id, version: 1, geometry: LINE }],
        ['DELETE', `/item/${fileId}/4?itemId=${line.id}`, undefined],
        ['DELETE', `/items/${fileId}/4`, { budgetIds: [w.budgetId], pageNumber: 1 }],
      ] as const;
    for (const [method, path, body] of calls(w.fileId)) expect([method, path, (await call(s, w.stranger)(method, path, body)).status]).toEqual([method, path, 404]);
    // The stranger's own PDF is not this project's: the owner gets 404 too.
    const strangerProject = await createProject(s, w.stranger.token, w.stranger.companyId, { projectName: 'Elsewhere' });
    const strangerFile = await uploadPlan(s, w.stranger, strangerProject.id);
    for (const [method, path, body] of calls(strangerFile)) expect([method, path, (await call(s, w.owner)(method, path, body)).status]).toEqual([method, path, 404]);
    // This project's drawing named through the stranger's own file: 404.
    expect((await call(s, w.stranger)('GET', `/layerItems/${strangerFile}`)).status).toBe(200);
    expect((await call(s, w.stranger)('DELETE', `/item/${strangerFile}/4?itemId=${line.id}`)).status).toBe(404);

    for (const who of [w.people.ownerCrew, w.people.ownerLeader, w.people.client, w.people.sub]) {
      expect((await call(s, who)('GET', `/layerItems/${w.fileId}`)).status).toBe(200);
      // The plan itself opens for whoever may see its takeoff: a signed link to the PDF.
      const plan = await call(s, who)('GET', `/layerItems/${w.fileId}/file`);
      expect(plan.status).toBe(200);
      expect(plan.body).toMatchObject({ fileId: w.fileId, name: expect.any(String), url: expect.stringMatching(/sig=/) });
      const pdf = await s.call('GET', plan.body.url);
      expect([pdf.status, String(pdf.headers['content-type'])]).toEqual([200, 'application/pdf']);
      for (const [method, path, body] of calls(w.fileId).slice(2)) expect([method, path, (await call(s, who)(method, path, body)).status]).toEqual([method, path, 403]);
    }
    expect((await call(s, w.people.client)('GET', `/layerItems/${w.fileId}`)).body.canEdit).toBe(false);
    // A budget or item of another company is 404.
    const foreignItem = await draw(s, w, w.owner, { itemId: w.strangerItem, kind: 'count', geometry: COUNT });
    expect(foreignItem.status).toBe(404);
    const foreignBudget = await draw(s, w, w.owner, { itemId: w.takeoffItems.handhole, kind: 'count', geometry: COUNT, budgetId: strangerProject.budgetId });
    expect(foreignBudget.status).toBe(404);
  });
});
