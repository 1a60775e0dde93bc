import type { Page } from 'playwright-core';
import { ownerWithCompany, type TestServer } from '../api/harness.js';
import { filesBody } from '../api/files-helpers.js';
import { crewOf } from '../api/productions-helpers.js';
import { API, callAs, partner, sideOf, type CompanySide } from '../api/project-helpers.js';
import { planSet, SHEET } from './plan-set.js';

/** The plan editor's setup and gestures, shared by its browser tests. */

const PAINTED = 'plan-editor:page-painted';

/** The owner's project for a client, a crew, a line item (LF) and an area item (SF) in the catalog, and a plan set in its files. */
export async function planWorld(s: TestServer, pages: number) {
  const ownerLogin = await ownerWithCompany(s, 'Plan Paving');
  const owner = sideOf(ownerLogin);
  const client = sideOf(await ownerWithCompany(s, 'Plan County'));
  await partner(s, owner, client, 'client');
  const created = async (path: string, body: Record<string, unknown>) => {
    const res = await callAs(s, owner, 'POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const conduit = await created('/items', { name: 'Conduit', code: 'CND', unit: 'LF' });
  const sod = await created('/items', { name: 'Sod', code: 'SOD', unit: 'SF' });
  const project = await created(`/companies/${owner.companyId}/projects`, { projectName: 'Plan Street Fiber', code: `PLAN-${pages}`, clientId: client.companyId, timezone: 'America/Chicago' });
  const crewId = await crewOf(s, owner, 'Plan crew');
  const fileId = await uploadPlan(s, owner, project.id, 'plans.pdf', await planSet(pages));
  return { ownerLogin, owner, client, projectId: project.id as number, budgetId: project.budgetId as number, items: { conduit: conduit.id as number, sod: sod.id as number }, crewId, fileId };
}

async function uploadPlan(s: TestServer, who: CompanySide, projectId: number, name: string, bytes: Buffer) {
  const { body, headers } = filesBody({}, [{ name, type: 'application/pdf', bytes, field: 'file' }]);
  const res = await s.call('POST', `${API}/projects/${projectId}/files/other`, { token: who.token, headers: { ...who.headers, ...headers }, body });
  if (res.status !== 201 || res.body.errors.length) throw new Error(`upload plan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.files[0].id as number;
}

/** When the editor's first tile of the page was painted, in the page's clock (ms since its navigation). */
export const paintedAt = (page: Page) =>
  page.waitForFunction((name) => performance.getEntriesByName(name)[0]?.startTime ?? null, PAINTED, { timeout: 30_000 }).then((h) => h.jsonValue() as Promise<number>);

/** Where the sheet's top-left corner is on screen, and how many screen px a PDF point takes. */
export async function sheetOnScreen(page: Page) {
  const box = (await page.getByTestId('sheet-preview').boundingBox())!;
  return { left: box.x, top: box.y, zoom: box.width / SHEET.width };
}

/** Clicks the sheet at these offsets (screen px) from its top-left corner, then Enter to finish the drawing. */
export async function drawAt(page: Page, offsets: Array<[number, number]>, finish = true) {
  const { left, top } = await sheetOnScreen(page);
  for (const [dx, dy] of offsets) await page.mouse.click(left + dx, top + dy);
  if (finish) await page.keyboard.press('Enter');
}

/** Picks the item to draw by its name in the side panel. */
export async function pickItem(page: Page, name: string) {
  const input = page.getByRole('combobox', { name: 'Item to draw' });
  await input.fill(name);
  await page.getByRole('option', { name: new RegExp(`· ${name} —`) }).click();
}
