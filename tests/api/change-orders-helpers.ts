import { createBudgetFor } from '../../server/modules/budgets/budget-rows.js';
import { addMember, ownerWithCompany, type TestServer } from './harness.js';

export const API = '/api/v1';

export interface Person {
  token: string;
  userId: number;
  headers: Record<string, string>;
  /** To sign in as them in a browser. */
  email?: string;
  password?: string;
}

const now = () => new Date().toISOString();

async function company(s: TestServer, name: string) {
  const owner = await ownerWithCompany(s, name);
  const companyId = owner.company.id as number;
  const headers = { 'x-company-id': String(companyId) };
  const person = (p: { token: string; user: { id: number }; email?: string; password?: string }): Person => ({ token: p.token, userId: p.user.id, headers, email: p.email, password: p.password });
  return {
    companyId,
    owner: person(owner),
    /** A new person of this company with one of its default roles. */
    member: async (role: string) => person(await addMember(s, companyId, role)),
  };
}

/** A catalog item of the company, written straight into the database (the catalog is another area). */
async function catalogItem(s: TestServer, companyId: number, name: string) {
  const at = now();
  const row = await s.services.db
    .insertInto('items')
    .values({ company_id: companyId, partnership_id: null, market_id: null, category_id: null, name, code: null, unit: 'ft', icon_id: null, icon_url: null, production_is_allowed: 1, production_item_type: null, line_color: null, photos_number: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A project with its budget, written straight into the database (project creation is another area). */
export async function project(s: TestServer, companyId: number, opts: { clientId?: number | null; parentId?: number | null; code?: string; status?: string } = {}) {
  const at = now();
  const row = await s.services.db
    .insertInto('projects')
    .values({
      company_id: companyId,
      parent_id: opts.parentId ?? null,
      client_id: opts.clientId ?? null,
      client_name: null,
      client_email: null,
      project_name: `Project ${opts.code ?? 'P'}`,
      code: opts.code ?? `P-${Math.random().toString(36).slice(2, 8)}`,
      project_number: null,
      address: null,
      country: null,
      state: null,
      city: null,
      start_date: null,
      end_date: null,
      powo_number: null,
      timezone: 'UTC',
      market_id: null,
      is_single_part: 0,
      require_quantity_on_pdf_draw: 0,
      task_based_production: 0,
      pdf_scale_factor: null,
      boundaries_settings: '{}',
      map_settings: '{}',
      schedule_settings: '{}',
      status: 'active',
      suspended_shutdown_reason: null,
      suspend_start: null,
      suspend_end: null,
      suspend_reason: null,
      folder_id: null,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning(['id', 'company_id', 'is_single_part'])
    .executeTakeFirstOrThrow();
  const budgetId = await createBudgetFor(s.services.db, row);
  await s.services.db.updateTable('budgets').set({ status: opts.status ?? 'approved' }).where('id', '=', budgetId).execute();
  return { projectId: row.id, budgetId };
}

/** A budget item: quantity whole, price in cents. */
export async function budgetItem(s: TestServer, budgetId: number, itemId: number, quantity: number, priceCents: number, description: string | null = null) {
  const at = now();
  const row = await s.services.db
    .insertInto('budget_items')
    .values({ budget_id: budgetId, item_id: itemId, report_weight: 0, quantity, price_cents: priceCents, description, created_by: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The companies around a project: the owner runs it for a client, a parent contractor runs its parent
 * project, an outsider has nothing to do with it. The project's budget is approved with two items.
 */
export async function changeOrderWorld(s: TestServer, opts: { client?: boolean; parent?: boolean; budgetStatus?: string } = {}) {
  const owner = await company(s, 'Owner Paving');
  const client = await company(s, 'Client Utilities');
  const parent = await company(s, 'Prime Contractor');
  const outsider = await company(s, 'Outsider Builders');
  const parentProject = opts.parent === false ? null : await project(s, parent.companyId, { clientId: null, code: 'PRIME' });
  const main = await project(s, owner.companyId, {
    clientId: opts.client === false ? null : client.companyId,
    parentId: parentProject?.projectId ?? null,
    code: 'MAIN',
    status: opts.budgetStatus ?? 'approved',
  });
  const asphalt = await catalogItem(s, owner.companyId, 'Asphalt');
  const pipe = await catalogItem(s, owner.companyId, 'Pipe');
  const items = {
    asphalt: await budgetItem(s, main.budgetId, asphalt, 100, 1250, 'Top course'),
    pipe: await budgetItem(s, main.budgetId, pipe, 40, 9999),
  };
  const base = `${API}/projects/${main.projectId}/budgets/${main.budgetId}`;
  return { owner, client, parent, outsider, parentProject, ...main, items, base, url: `${base}/change-orders` };
}

export type World = Awaited<ReturnType<typeof changeOrderWorld>>;

/** Calls as a person, in their company. */
export const as = (s: TestServer, who: Person) => (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  s.call(method, url, { token: who.token, headers: who.headers, ...(body === undefined ? {} : { body }) });

/** Everything stored about a budget's change orders and items, with the trail and notifications, to show a refused request changed nothing. */
export async function stored(s: TestServer, budgetId: number) {
  const db = s.services.db;
  const changeOrders = await db.selectFrom('change_orders').selectAll().where('budget_id', '=', budgetId).orderBy('id').execute();
  const items = await db.selectFrom('budget_items').selectAll().where('budget_id', '=', budgetId).orderBy('id').execute();
  const audits = await db.selectFrom('audit_events').select('id').where('entity_type', 'in', ['change_order', 'budget_item']).execute();
  const notifications = await db.selectFrom('notifications').select('id').execute();
  return { changeOrders, items, audits: audits.length, notifications: notifications.length };
}

/** The client company left with nobody who can sign in (as most real clients are), its contact on the company. */
export async function clientWithoutMembers(s: TestServer, w: World, contact = { email: `ap.${Math.random().toString(36).slice(2, 10)}@client-utilities.example`, name: 'Alex Payable' }) {
  await s.services.db.updateTable('memberships').set({ status: 'declined' }).where('company_id', '=', w.client.companyId).execute();
  await s.services.db.updateTable('companies').set({ contact_email: contact.email, contact_name: contact.name }).where('id', '=', w.client.companyId).execute();
  return contact;
}

/** The mails to an address, oldest first, with their attachments. */
export async function mailsTo(s: TestServer, email: string) {
  const db = s.services.db;
  const mails = await db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
  return Promise.all(
    mails.map(async (m) => ({ ...m, attachments: await db.selectFrom('mail_attachments').select(['file_id', 'filename']).where('outbox_id', '=', m.id).execute() })),
  );
}

/** The decision link in a change order's mail. */
export function changeOrderToken(text: string): string {
  const m = /\/app\/decide\/change-order\/([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no change-order link in: ${text}`);
  return m[1]!;
}

export const publicUrl = (token: string, action = '') => `${API}/public/change-orders/${token}${action ? `/${action}` : ''}`;
