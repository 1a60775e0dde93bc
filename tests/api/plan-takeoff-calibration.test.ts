import { TAKEOFF_MESSAGES } from '../../resources/plan-takeoff.js';
import { call } from './budgets-helpers.js';
import { describeEachDatabase } from './harness.js';
import { AREA, COUNT, drawn, LINE, refusal, takeoffWorld } from './plan-takeoff-helpers.js';

describeEachDatabase('plan takeoff: sheet calibration', (server) => {
  it("stores a page's calibration on the server and measures the page's drawings again, as hand-computed", async () => {
    const s = server();
    const w = await takeoffWorld(s);
    const line = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE });
    const area = await drawn(s, w, { itemId: w.takeoffItems.sod, kind: 'area', geometry: AREA });
    const count = await drawn(s, w, { itemId: w.takeoffItems.handhole, kind: 'count', geometry: COUNT });
    const other = await drawn(s, w, { itemId: w.takeoffItems.conduit, kind: 'line', geometry: LINE, pageNumber: 2 });
    const quantities = async (page: number) =>
      Object.fromEntries((await call(s, w.owner)('GET', `/layerItems/${w.fileId}?pageNumber=${page}`)).body.items.map((i: any) => [i.id, i.quantity]));
    expect(await quantities(1)).toEqual({ [line.id]: '60', [area.id]: '1200', [count.id]: '3' });

    // 100 points stand for 50 ft: 0.5 ft a point. 108 points = 54 ft; (72² − 36²) points² × 0.25 = 972 SF.
    const put = (body: Record<string, unknown>, who: { token: string; headers: Record<string, string> } = w.owner) => call(s, who)('PUT', `/layerItems/${w.fileId}/scale`, { pageNumber: 1, unit: 'ft', ...body });
    const calibrated = await put({ reference: [[100, 100], [100, 200]], distance: '50' });
    expect(calibrated.status).toBe(200);
    expect(calibrated.body.calibrations).toEqual([
      { pageNumber: 1, points: '100.00000000', distance: '50', unit: 'ft', calibratedBy: w.owner.user.name, calibratedAt: expect.any(String) },
    ]);
    expect(await quantities(1)).toEqual({ [line.id]: '54', [area.id]: '972', [count.id]: '3' });
    expect(calibrated.body.items.find((i: any) => i.id === line.id).version).toBe(2);
    // Another page keeps the project's scale.
    expect(await quantities(2)).toEqual({ [other.id]: '60' });

    // Again in metres (one row per page): 100 points = 10 m, so 108 points = 10.8 m = 35.433 ft.
    expect((await put({ reference: [[0, 0], [60, 80]], distance: '10', unit: 'm' })).status).toBe(200);
    expect((await quantities(1))[line.id]).toBe('35.433');
    const rows = await s.services.db.selectFrom('plan_sheets').selectAll().where('file_id', '=', w.fileId).execute();
    expect(rows.map((r) => [r.page_number, r.scale_points, r.scale_distance, r.scale_unit])).toEqual([[1, '100.00000000', '10', 'm']]);

    // Cleared, the page is back at the project's 1 in = 40 ft.
    const cleared = await put({ reference: null, distance: null });
    expect([cleared.status, cleared.body.calibrations]).toEqual([200, []]);
    expect(await quantities(1)).toEqual({ [line.id]: '60', [area.id]: '1200', [count.id]: '3' });

    // With no project scale either, clearing would leave the lines unmeasured: refused, nothing changes.
    await put({ reference: [[100, 100], [100, 200]], distance: '50' });
    await s.services.db.updateTable('projects').set({ pdf_scale_factor: null }).where('id', '=', w.projectId).execute();
    const refused = await put({ reference: null, distance: null });
    expect(refusal(refused)).toEqual([400, TAKEOFF_MESSAGES.noScale]);
    expect((await quantities(1))[line.id]).toBe('54');

    const bad = await put({ reference: [[100, 100], [100, 200]], distance: '-3' });
    expect(refusal(bad)).toEqual([400, TAKEOFF_MESSAGES.scaleDistance]);
    const unit = await put({ reference: [[100, 100], [100, 200]], distance: '3', unit: 'furlong' });
    expect(refusal(unit)).toEqual([400, TAKEOFF_MESSAGES.scaleUnit]);
    expect((await put({ reference: [[100, 100], [100, 200]], distance: '5' }, w.people.ownerCrew)).status).toBe(403);
    expect((await put({ reference: [[100, 100], [100, 200]], distance: '5' }, w.stranger)).status).toBe(404);

    const trail = await s.services.db.selectFrom('audit_events').select('action').where('entity_type', '=', 'project').where('entity_id', '=', String(w.projectId)).where('action', '=', 'sheet calibrated').execute();
    expect(trail).toHaveLength(4);
  });
});
