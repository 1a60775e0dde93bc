import { PDFDocument } from 'pdf-lib';
import { call, type Caller } from './budgets-helpers.js';
import { filesBody } from './files-helpers.js';
import type { TestServer } from './harness.js';
import { productionWorld } from './productions-helpers.js';
import { API, callAs } from './project-helpers.js';

/** A one-page PDF (US letter, 612 × 792 points), made with pdf-lib. */
export async function planPdf(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return Buffer.from(await doc.save());
}

/** Uploads a PDF into the project's files as `who`; answers its file id. */
export async function uploadPlan(s: TestServer, who: Pick<Caller, 'token' | 'headers'>, projectId: number, name = 'plan.pdf') {
  const { body, headers } = filesBody({}, [{ name, type: 'application/pdf', bytes: await planPdf(2), field: 'file' }]);
  const res = await s.call('POST', `${API}/projects/${projectId}/files/other`, { token: who.token, headers: { ...who.headers, ...headers }, body });
  if (res.status !== 201 || res.body.errors.length) throw new Error(`upload plan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.files[0].id as number;
}

/**
 * The production world (productions-helpers.ts) with a plan: the project reads its PDFs at 1 in = 40 ft
 * (pdfScaleFactor 480), the owner's catalog has a length item (LF), an area item (SF) and a count
 * item (EA, with a colour), and a two-page PDF is in the project's files.
 */
export async function takeoffWorld(s: TestServer) {
  const w = await productionWorld(s);
  await s.services.db.updateTable('projects').set({ pdf_scale_factor: '480' }).where('id', '=', w.projectId).execute();
  const item = async (body: Record<string, unknown>) => {
    const res = await callAs(s, w.owner, 'POST', '/items', body);
    if (res.status !== 201) throw new Error(`item: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const takeoffItems = {
    conduit: await item({ name: 'Conduit', code: 'CND', unit: 'LF' }),
    sod: await item({ name: 'Sod', code: 'SOD', unit: 'SF' }),
    handhole: await item({ name: 'Handhole', code: 'HH', unit: 'EA', lineColor: '#ff0000' }),
  };
  const fileId = await uploadPlan(s, w.owner, w.projectId);
  return { ...w, takeoffItems, fileId };
}

export type TakeoffWorld = Awaited<ReturnType<typeof takeoffWorld>>;

/** A line of 108 points (72 across, 36 down): 1.5 in on paper, 60 ft at 1 in = 40 ft. */
export const LINE = { points: [[10, 10], [82, 10], [82, 46]] };
/** A 72-point square less a 36-point opening: 1,600 − 400 = 1,200 SF at 1 in = 40 ft. */
export const AREA = { points: [[100, 100], [172, 100], [172, 172], [100, 172]], openings: [[[110, 110], [146, 110], [146, 146], [110, 146]]] };
/** Three symbols. */
export const COUNT = { points: [[300, 300], [310, 300], [320, 300]] };

/** Draws as `who`; answers the response. */
export const draw = (s: TestServer, w: TakeoffWorld, who: Pick<Caller, 'token' | 'headers'>, body: Record<string, unknown>) =>
  call(s, who)('POST', `/layerItems/${w.fileId}`, { pageNumber: 1, budgetId: w.budgetId, ...body });

/** Draws as the owner; throws unless 201. */
export async function drawn(s: TestServer, w: TakeoffWorld, body: Record<string, unknown>) {
  const res = await draw(s, w, w.owner, body);
  if (res.status !== 201) throw new Error(`draw: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; quantity: string; version: number; budgetItemId: number | null };
}

/** A refusal's status and the message of the field it names (or the whole message). */
export const refusal = (res: { status: number; body: any }) => [res.status, res.body.error?.details?.[0]?.message ?? res.body.message];
