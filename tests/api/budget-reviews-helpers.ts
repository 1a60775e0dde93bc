import { createHash } from 'node:crypto';
import { addMember, multipart, TINY_PNG, type TestServer } from './harness.js';
import { mailTo } from './members-helpers.js';
import { API, callAs, clientProject, projectFixture, type CompanySide, type ProjectFixture } from './project-helpers.js';

export { API, callAs };

/** A person of a company, with the X-Company-Id of that company. */
export interface Person {
  token: string;
  userId: number;
  email: string;
  name: string;
  membershipId: number;
  headers: Record<string, string>;
}

const now = () => new Date().toISOString();

export async function membershipOf(s: TestServer, companyId: number, userId: number): Promise<number> {
  const row = await s.services.db.selectFrom('memberships').select('id').where('company_id', '=', companyId).where('user_id', '=', userId).where('type', '=', 'company').executeTakeFirstOrThrow();
  return row.id;
}

async function personOf(s: TestServer, side: CompanySide): Promise<Person> {
  return { token: side.token, userId: side.user.id, email: side.email, name: side.user.name, membershipId: await membershipOf(s, side.companyId, side.user.id), headers: side.headers };
}

async function member(s: TestServer, companyId: number, role: string, name: string): Promise<Person> {
  const m = await addMember(s, companyId, role);
  await s.services.db.updateTable('users').set({ name }).where('id', '=', m.user.id).execute();
  await s.services.db.updateTable('memberships').set({ name }).where('user_id', '=', m.user.id).execute();
  return { token: m.token, userId: m.user.id, email: m.email, name, membershipId: await membershipOf(s, companyId, m.user.id), headers: { 'x-company-id': String(companyId) } };
}

/** Catalog items of a company and the budget's items, written straight into the database (budget items are another area). */
export async function addBudgetItems(s: TestServer, companyId: number, budgetId: number, lines: Array<{ name: string; code?: string; unit?: string; quantity: number; priceCents: number; description?: string }>) {
  const at = now();
  const db = s.services.db;
  for (let i = 0; i < lines.length; i += 400) {
    const chunk = lines.slice(i, i + 400);
    const items = await db
      .insertInto('items')
      .values(chunk.map((l) => ({ company_id: companyId, partnership_id: null, market_id: null, category_id: null, name: l.name, code: l.code ?? null, unit: l.unit ?? null, icon_id: null, icon_url: null, production_is_allowed: 1, production_item_type: null, line_color: null, photos_number: 0, created_at: at, updated_at: at })))
      .returning('id')
      .execute();
    await db
      .insertInto('budget_items')
      .values(chunk.map((l, j) => ({ budget_id: budgetId, item_id: items[j]!.id, report_weight: 0, quantity: l.quantity, price_cents: l.priceCents, description: l.description ?? null, created_by: null, created_at: at, updated_at: at })))
      .execute();
  }
}

/** The budget submitted for review, with its percents (the submit route is another area's). */
export async function submitBudget(s: TestServer, budgetId: number, percents = { retainageE3: 5000, profitabilityE3: 12500 }) {
  const at = now();
  await s.services.db
    .updateTable('budgets')
    .set({ status: 'submitted', submitted_at: at, approved_at: null, retainage_e3: percents.retainageE3, profitability_e3: percents.profitabilityE3, updated_at: at })
    .where('id', '=', budgetId)
    .execute();
}

export interface ReviewWorld extends ProjectFixture {
  projectId: number;
  projectName: string;
  projectCode: string;
  budgetId: number;
  /** The owner company's owner, a project manager and a plain member; the client's owner and a plain member; the stranger's owner. */
  ownerBoss: Person;
  ownerPm: Person;
  ownerPlain: Person;
  clientBoss: Person;
  clientPlain: Person;
  strangerBoss: Person;
  sub: ProjectFixture['sub'];
}

let worlds = 0;

/** The usual cast: the owner's project for its client, its budget with three items, submitted (5 % retainage, 12.5 % profitability). */
export async function reviewWorld(s: TestServer, opts: { submit?: boolean; timezone?: string } = {}): Promise<ReviewWorld> {
  const n = ++worlds;
  const f = await projectFixture(s, { owner: `Owner Paving ${n}`, client: `Client Utility ${n}`, sub: `Sub Boring ${n}`, stranger: `Stranger Works ${n}` });
  const project = await clientProject(s, f, { projectName: `Main Street Fiber ${n}`, timezone: opts.timezone ?? 'America/Chicago' });
  const budgetId = project.budgetId!;
  await addBudgetItems(s, f.owner.companyId, budgetId, [
    { name: 'Conduit 2 inch', code: 'CD-2', unit: 'ft', quantity: 1200, priceCents: 1275 },
    { name: 'Handhole 17x30', code: 'HH-1730', unit: 'ea', quantity: 14, priceCents: 48_050 },
    { name: 'Directional bore', code: 'DB-1', unit: 'ft', quantity: 3, priceCents: 1 },
  ]);
  if (opts.submit !== false) await submitBudget(s, budgetId);
  return {
    ...f,
    projectId: project.id,
    projectName: project.projectName,
    projectCode: project.code,
    budgetId,
    ownerBoss: await personOf(s, f.owner),
    ownerPm: await member(s, f.owner.companyId, 'ProjectManager', `Pat Manager ${n}`),
    ownerPlain: await member(s, f.owner.companyId, 'Member', `Moe Member ${n}`),
    clientBoss: await personOf(s, f.client),
    clientPlain: await member(s, f.client.companyId, 'Member', `Cleo Client ${n}`),
    strangerBoss: await personOf(s, f.stranger),
  };
}

/** 1,200 × 12.75 + 14 × 480.50 + 3 × 0.01 = 15,300.00 + 6,727.00 + 0.03. */
export const WORLD_TOTAL = '22027.03';

export const reviewsPath = (w: Pick<ReviewWorld, 'projectId' | 'budgetId'>) => `/projects/${w.projectId}/budgets/${w.budgetId}/reviews`;

/** Asks `reviewer` to review, as the owner company's owner; throws unless it answers 201. */
export async function requestReview(s: TestServer, w: ReviewWorld, reviewer: Person) {
  const res = await callAs(s, w.ownerBoss, 'POST', reviewsPath(w), { memberId: reviewer.membershipId });
  if (res.status !== 201) throw new Error(`request review: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; status: string };
}

/** The review link mailed to an address: its two halves and the action pages. */
export async function reviewLinkMailedTo(s: TestServer, email: string) {
  const mail = await mailTo(s, email);
  const m = /(http\S+\/app\/projects\/(\d+)\/budget\/([A-Za-z0-9_-]+)\/review\/([A-Za-z0-9_-]+)\/review)/.exec(mail.text_body);
  if (!m) throw new Error(`no review link in: ${mail.text_body}`);
  return { mail, url: m[1]!, projectId: Number(m[2]), budgetHash: m[3]!, reviewHash: m[4]! };
}

export const externalPath = (link: { budgetHash: string; reviewHash: string }, action = '') =>
  `${API}/public/budget-review/${link.budgetHash}/${link.reviewHash}${action ? `/${action}` : ''}`;

export const signatureBody = (fields: Record<string, string> = { type: 'signature' }, bytes: Buffer = TINY_PNG, name = 'signature.png', type = 'image/png') =>
  multipart(fields, { name, type, bytes });

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export const reviewRowOf = (s: TestServer, id: number) => s.services.db.selectFrom('budget_reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const budgetRowOf = (s: TestServer, id: number) => s.services.db.selectFrom('budgets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Rows of the tables a review touches, to show a refused call changed nothing. */
export async function reviewState(s: TestServer, budgetId: number) {
  const db = s.services.db;
  const count = async (table: 'audit_events' | 'notifications' | 'mail_outbox' | 'files') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    budget: await budgetRowOf(s, budgetId),
    reviews: await db.selectFrom('budget_reviews').selectAll().where('budget_id', '=', budgetId).orderBy('id').execute(),
    audit: await count('audit_events'),
    notifications: await count('notifications'),
    mails: await count('mail_outbox'),
    files: await count('files'),
  };
}
