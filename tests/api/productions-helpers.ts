import type { Production } from '../../resources/production.js';
import type { TestServer } from './harness.js';
import { addItems, budgetWorld, call, member, side, type Caller } from './budgets-helpers.js';
import type { CompanySide } from './project-helpers.js';

/** A crew of the company, written straight in (crews are the crews area's), with its people. */
export async function crewOf(s: TestServer, company: Pick<CompanySide, 'companyId'>, name: string, people: Array<{ userId: number; leader?: boolean }> = []) {
  const now = new Date().toISOString();
  const { id } = await s.services.db.insertInto('crews').values({ company_id: company.companyId, name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  for (const p of people) {
    const m = await s.services.db.selectFrom('memberships').select('id').where('user_id', '=', p.userId).where('company_id', '=', company.companyId).where('type', '=', 'company').executeTakeFirstOrThrow();
    await s.services.db.insertInto('crew_members').values({ crew_id: id, membership_id: m.id, is_leader: p.leader ? 1 : 0 }).execute();
  }
  return id;
}

/**
 * The budget world (budgets-helpers.ts: the owner runs a project for its client, the subcontractor
 * works on it, the stranger has nothing to do with it) with three budget items and crews: the owner's
 * paving crew (led by ownerLeader) and the subcontractor's boring crew (led by subLeader), and the
 * people each company needs: project managers who review, crew leaders who record, a Crew member
 * who only looks.
 */
export async function productionWorld(s: TestServer) {
  const w = await budgetWorld(s);
  const [asphalt, pipe, labor] = await addItems(s, w, [
    { itemId: w.items.asphalt, quantity: 100, price: '12.50' },
    { itemId: w.items.pipe, quantity: 10, price: '3.33' },
    { itemId: w.items.labor, quantity: 1000, price: '45.00' },
  ]);
  const people = {
    owner: side(w.owner),
    ownerPm: await member(s, w.owner, 'ProjectManager'),
    ownerLeader: await member(s, w.owner, 'CrewLeader'),
    ownerCrew: await member(s, w.owner, 'Crew'),
    sub: side(w.sub),
    subPm: await member(s, w.sub, 'ProjectManager'),
    subLeader: await member(s, w.sub, 'CrewLeader'),
    client: side(w.client),
    stranger: side(w.stranger),
  };
  const crews = {
    paving: await crewOf(s, w.owner, 'Paving crew', [{ userId: people.ownerLeader.userId, leader: true }, { userId: people.ownerCrew.userId }]),
    boring: await crewOf(s, w.sub, 'Boring crew', [{ userId: people.subLeader.userId, leader: true }]),
    stranger: await crewOf(s, w.stranger, 'Stranger crew'),
  };
  return { ...w, budgetItems: { asphalt: asphalt!.id, pipe: pipe!.id, labor: labor!.id }, people, crews };
}

export type ProductionWorld = Awaited<ReturnType<typeof productionWorld>>;

let day = 0;
/** A date no other production of the run has used: one sheet per crew, project and day. */
export const nextDay = () => new Date(Date.UTC(2026, 0, 1) + ++day * 86_400_000).toISOString().slice(0, 10);

/** Records a production as `who`; throws unless 201. */
export async function recordProduction(s: TestServer, w: ProductionWorld, who: Caller, body: Record<string, unknown> = {}): Promise<Production> {
  const res = await call(s, who)('POST', `/production/project/${w.projectId}`, {
    crewId: who === w.people.subLeader || who === w.people.sub || who === w.people.subPm ? w.crews.boring : w.crews.paving,
    date: nextDay(),
    items: [{ budgetItemId: w.budgetItems.asphalt, quantity: '2.5' }],
    ...body,
  });
  if (res.status !== 201) throw new Error(`record production: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Production;
}

async function expectOk(res: { status: number; body: any }, what: string) {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Production;
}

/**
 * An approved production made through the API, as invoices need one: the subcontractor's crew leader
 * records it (`items` as in the body), the subcontractor's project manager submits and approves its
 * own review, the owner approves the client review. `by: 'owner'` has the owner's crew produce
 * instead, approved by the owner's project manager alone.
 */
export async function approvedProduction(s: TestServer, w: ProductionWorld, opts: { by?: 'sub' | 'owner'; items?: Array<Record<string, unknown>>; date?: string } = {}) {
  const sub = (opts.by ?? 'sub') === 'sub';
  const body = { ...(opts.items ? { items: opts.items } : {}), ...(opts.date ? { date: opts.date } : {}) };
  const p = await recordProduction(s, w, sub ? w.people.subLeader : w.people.ownerLeader, body);
  const pm = sub ? w.people.subPm : w.people.ownerPm;
  await expectOk(await call(s, pm)('PATCH', `/production/${p.id}/submit`), 'submit');
  const own = await expectOk(await call(s, pm)('POST', `/production/${p.id}/approve`, {}), 'approve own');
  if (!sub) return own;
  return expectOk(await call(s, w.people.ownerPm)('POST', `/production/${p.id}/approve`, {}), 'approve client');
}

/** What is stored of productions, the trail and notifications: a refused request changes none of it. */
export async function storedProductions(s: TestServer) {
  const db = s.services.db;
  const all = async (table: 'productions' | 'production_items' | 'production_reviews' | 'production_stations' | 'production_traces' | 'production_photos' | 'production_comments') =>
    (await db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort();
  return {
    productions: await all('productions'),
    items: await all('production_items'),
    reviews: await all('production_reviews'),
    stations: await all('production_stations'),
    traces: await all('production_traces'),
    photos: await all('production_photos'),
    comments: await all('production_comments'),
    audits: (await db.selectFrom('audit_events').select('id').execute()).length,
    notifications: (await db.selectFrom('notifications').select('id').execute()).length,
    files: (await db.selectFrom('files').select('id').execute()).length,
  };
}
