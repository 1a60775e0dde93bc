import { addMember, type TestServer } from './harness.js';
import { callAs, clientProject, createProject, projectFixture, type CompanySide } from './project-helpers.js';

/** A person of one of the fixture's companies, acting in it. */
export interface Caller {
  token: string;
  headers: Record<string, string>;
  userId: number;
}

export const side = (c: CompanySide): Caller => ({ token: c.token, headers: c.headers, userId: c.user.id });

/** A new person of the company with one of its default roles. */
export async function member(s: TestServer, company: CompanySide, role: string): Promise<Caller> {
  const m = await addMember(s, company.companyId, role);
  return { token: m.token, headers: company.headers, userId: m.user.id };
}

export const call = (s: TestServer, who: Pick<Caller, 'token' | 'headers'>) => (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  callAs(s, who, method, path, body);

async function created(s: TestServer, who: CompanySide, path: string, body: unknown): Promise<{ id: number }> {
  const res = await callAs(s, who, 'POST', path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * The usual cast (project-helpers.ts): the owner runs a project for its client, the subcontractor
 * works on it as a crew company, the stranger has nothing to do with it. The owner's catalog has a
 * category tree (Materials > Pipes) and three items.
 */
export async function budgetWorld(s: TestServer) {
  const f = await projectFixture(s);
  const project = await clientProject(s, f, { projectName: 'Main Street Fiber' });
  await s.services.db
    .insertInto('project_crew_companies')
    .values({ project_id: project.id, company_id: f.sub.companyId, added_by: null, created_at: new Date().toISOString() })
    .execute();
  const materials = await created(s, f.owner, `/companies/${f.owner.companyId}/item-categories`, { name: 'Materials', color: '#112233' });
  const pipes = await created(s, f.owner, `/companies/${f.owner.companyId}/item-categories`, { name: 'Pipes', color: '#445566', parentId: materials.id });
  const items = {
    asphalt: (await created(s, f.owner, '/items', { name: 'Asphalt', code: 'ASP', unit: 'ton', categoryId: materials.id })).id,
    pipe: (await created(s, f.owner, '/items', { name: 'Pipe', code: 'PIP', unit: 'ft', categoryId: pipes.id })).id,
    labor: (await created(s, f.owner, '/items', { name: 'Labor', unit: 'h' })).id,
  };
  const strangerItem = (await created(s, f.stranger, '/items', { name: 'Stranger pipe' })).id;
  const base = `/projects/${project.id}/budgets/${project.budgetId}`;
  return { ...f, project, projectId: project.id, budgetId: project.budgetId!, base, categories: { materials: materials.id, pipes: pipes.id }, items, strangerItem };
}

export type BudgetWorld = Awaited<ReturnType<typeof budgetWorld>>;

/** Adds items as the owner; throws unless they are all added. */
export async function addItems(s: TestServer, w: BudgetWorld, items: Array<Record<string, unknown>>) {
  const res = await callAs(s, w.owner, 'POST', `${w.base}/items/multiple`, { items });
  if (res.status !== 201) throw new Error(`add items: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Array<{ id: number; amount: string }>;
}

/** A sub-project of the world's project, run by the subcontractor (written straight in: sub-project creation is the projects area's). */
export async function subProject(s: TestServer, w: BudgetWorld) {
  const sub = await createProject(s, w.sub.token, w.sub.companyId, { projectName: 'Boring under Main' });
  await s.services.db.updateTable('projects').set({ parent_id: w.projectId }).where('id', '=', sub.id).execute();
  return { projectId: sub.id, budgetId: sub.budgetId!, base: `/projects/${sub.id}/budgets/${sub.budgetId}` };
}

/** What is stored of a budget, its items, reviews, comments, the trail and notifications: a refused request changes none of it. */
export async function stored(s: TestServer, budgetId: number) {
  const db = s.services.db;
  return {
    budget: await db.selectFrom('budgets').selectAll().where('id', '=', budgetId).executeTakeFirstOrThrow(),
    items: await db.selectFrom('budget_items').selectAll().where('budget_id', '=', budgetId).orderBy('id').execute(),
    reviews: await db.selectFrom('budget_reviews').selectAll().where('budget_id', '=', budgetId).orderBy('id').execute(),
    comments: await db.selectFrom('budget_comments').selectAll().where('budget_id', '=', budgetId).orderBy('id').execute(),
    audits: (await db.selectFrom('audit_events').select('id').execute()).length,
    notifications: (await db.selectFrom('notifications').select('id').execute()).length,
  };
}

/** The notifications written since `afterId`, with the user each is for. */
export async function notificationsSince(s: TestServer, afterId: number) {
  const rows = await s.services.db
    .selectFrom('notifications as n')
    .innerJoin('memberships as m', 'm.id', 'n.membership_id')
    .select(['n.id', 'n.company_id', 'n.type', 'n.description', 'n.entity_id', 'n.options', 'm.user_id'])
    .where('n.id', '>', afterId)
    .orderBy('n.id')
    .execute();
  return rows.map((r) => ({ ...r, options: JSON.parse(r.options) as Record<string, unknown> }));
}

export async function lastNotificationId(s: TestServer) {
  const row = await s.services.db.selectFrom('notifications').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** A pending review asked of a member of the client company, written straight in (requesting reviews is the reviews area's). */
export async function pendingReview(s: TestServer, budgetId: number, membershipUser: { userId: number; companyId: number }) {
  const membership = await s.services.db
    .selectFrom('memberships')
    .select('id')
    .where('user_id', '=', membershipUser.userId)
    .where('company_id', '=', membershipUser.companyId)
    .where('type', '=', 'company')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row = await s.services.db
    .insertInto('budget_reviews')
    .values({
      budget_id: budgetId,
      membership_id: membership.id,
      reviewer_company_id: membershipUser.companyId,
      reviewer_name: 'Reviewer',
      reviewer_email: `reviewer.${membership.id}@example.com`,
      status: 'pending',
      status_reason: null,
      token_hash: `hash-${membership.id}-${budgetId}-${Math.random()}`,
      token_expires_at: now,
      signature_file_id: null,
      signature_sha256: null,
      signed_at: null,
      signer_name: null,
      signer_ip: null,
      signer_user_agent: null,
      requested_by: null,
      decided_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
