// The budget section of a project page under data volume: one project whose approved budget holds
// 5,000 items and 500 change orders, and every call the client's budget section makes, each with a
// p95 bar. The project and the companies are made through the API; the volume is written straight
// into the database (the API would take minutes).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { openDatabase } from '../server/db/index.js';
import { hashToken } from '../server/lib/tokens.js';
import { allRoutes } from '../server/modules/index.js';
import { measure, type Measured, type Target } from './measure.js';
import { seedCall, settleVolume } from './seed-sql.js';

export const BUDGET_VOLUME = { items: 5_000, changeOrders: 500, categories: 20, comments: 500, reviews: 3 };
/** The bar for every call of the budget section: p95 under this, at BUDGET_CONNECTIONS. */
export const BUDGET_P95_MS = 100;
/** A few people on the budget page at once, as issue 3's latency bar. */
export const BUDGET_CONNECTIONS = 2;
const BATCH = 1_000;
const PASSWORD = 'bench-password-1';

export type BudgetCall =
  | 'health'
  | 'project'
  | 'budget'
  | 'itemsFirstPage'
  | 'itemsSortedFiltered'
  | 'changeOrders'
  | 'distribution'
  | 'details'
  | 'spent'
  | 'reviews'
  | 'comments'
  | 'activity'
  | 'overviewReport'
  | 'externalReview';

export interface BudgetSeed {
  token: string;
  companyId: number;
  clientId: number;
  projectId: number;
  budgetId: number;
  /** A second project whose budget (the same 5,000 items) is in review, with an open external link. */
  reviewLink: { budgetHash: string; reviewHash: string };
  categoryId: number;
  /** The word every 12th item name starts with, for the filtered page. */
  soughtWord: string;
  soughtItems: number;
  /** The events of the first budget's activity (an event per item and per change-order move, and the approval). */
  activityEvents: number;
  seconds: number;
}

type Outcome = Measured | { error: string };

export interface BudgetSectionRun {
  /** One-minute load average when the measuring began and ended: other work on the machine shows here. */
  loadAverage: { start: number; end: number };
  connections: number;
  barP95Ms: number;
  volume: typeof BUDGET_VOLUME;
  seeded: Omit<BudgetSeed, 'token' | 'reviewLink'>;
  results: Partial<Record<BudgetCall, Outcome & { route: string }>>;
}

const call = (baseUrl: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  seedCall('the budget section', baseUrl, method, url, body, headers);

const THINGS = ['Conduit', 'Handhole', 'Pedestal', 'Vault', 'Splice', 'Trench', 'Bore', 'Restoration', 'Sidewalk', 'Curb', 'Asphalt', 'Fiber'];
const UNITS = ['LF', 'EA', 'SF', 'CY', 'HR'];
/** Every 12th item is one of these, by name: the filtered page's "contains". */
const SOUGHT_WORD = THINGS[4]!;
const STATUSES = ['accepted', 'accepted', 'accepted', 'sent', 'draft', 'rejected'] as const;

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

/** An owner, their company, a client partner company and two projects, made through the API; then the volume, in SQL. */
export async function seedBudgetSection(baseUrl: string, opts: { databaseUrl: string | null; dataDir: string }): Promise<BudgetSeed> {
  const started = Date.now();
  const stamp = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const email = `budget.bench.${stamp}@example.com`;
  const { token, user } = await call(baseUrl, 'POST', '/users', { name: 'Budget Bench Owner', phone: '+1 555 010 0000', email, password: PASSWORD });
  const auth = { authorization: `Bearer ${token}` };
  const company = await call(baseUrl, 'POST', '/companies', {
    name: `Budget Bench Paving ${stamp}`,
    ein: '12-3456789',
    address: '1 Main Street',
    country: 'US',
    state: 'TX',
    city: 'Austin',
    zip: '78701',
    contactName: 'Budget Owner',
    contactPhone: '+1 512 555 0100',
    contactEmail: `office.${stamp}@bench.example`,
  }, auth);
  const headers = { ...auth, 'x-company-id': String(company.id) };
  const client = await call(baseUrl, 'POST', '/partnerships/create/client', {
    name: `Budget Bench Client ${stamp}`,
    ein: '98-7654321',
    address: '2 Main Street',
    country: 'US',
    state: 'TX',
    city: 'Austin',
    zip: '78701',
    contactName: 'Client Contact',
    contactPhone: '+1 512 555 0101',
    contactEmail: `client.${stamp}@bench.example`,
  }, headers);
  const project = await call(baseUrl, 'POST', `/companies/${company.id}/projects`, { projectName: 'Budget Bench Main Street', code: 'BENCH-1', clientId: client.partnerId }, headers);
  const inReview = await call(baseUrl, 'POST', `/companies/${company.id}/projects`, { projectName: 'Budget Bench In Review', code: 'BENCH-2', clientId: client.partnerId }, headers);
  const reviewHash = randomBytes(32).toString('base64url');

  const { db, dialect, close } = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const now = new Date().toISOString();
    const ms = (i: number) => new Date(Date.now() - (BUDGET_VOLUME.items - i) * 60_000).toISOString();
    let categoryId = 0;
    let activityEvents = 0;
    await db.transaction().execute(async (trx) => {
      const categories = await trx
        .insertInto('item_categories')
        .values(Array.from({ length: BUDGET_VOLUME.categories }, (_, i) => ({ company_id: company.id, parent_id: null, name: `Budget category ${i}`, description: null, color: '#1f5fbf', created_at: now, updated_at: now })))
        .returning('id')
        .execute();
      categoryId = categories[0]!.id;
      const catalog = Array.from({ length: BUDGET_VOLUME.items }, (_, i) => ({
        company_id: company.id,
        partnership_id: null,
        market_id: null,
        category_id: categories[i % categories.length]!.id,
        name: `${THINGS[i % THINGS.length]} ${Math.floor(i / THINGS.length)}`,
        code: `BI-${String(i).padStart(5, '0')}`,
        unit: UNITS[i % UNITS.length]!,
        icon_id: null,
        icon_url: null,
        production_is_allowed: 1,
        production_item_type: 'quantity',
        line_color: '#f28c28',
        photos_number: 0,
        created_at: now,
        updated_at: now,
      }));
      const itemIds: number[] = [];
      await inBatches(catalog, async (batch) => itemIds.push(...(await trx.insertInto('items').values(batch).returning('id').execute()).map((r) => r.id)));

      const budgetItemsOf = (budgetId: number) =>
        itemIds.map((itemId, i) => ({
          budget_id: budgetId,
          item_id: itemId,
          report_weight: i % 7 === 0 ? 1 : 0,
          quantity: 1 + ((i * 37) % 5_000),
          price_cents: 10 + ((i * 7_919) % 2_500_000),
          description: i % 5 === 0 ? `Line ${i}` : null,
          created_by: user.id,
          created_at: ms(i),
          updated_at: ms(i),
        }));
      const mainItems: number[] = [];
      await inBatches(budgetItemsOf(project.budgetId), async (batch) => mainItems.push(...(await trx.insertInto('budget_items').values(batch).returning('id').execute()).map((r) => r.id)));
      await inBatches(budgetItemsOf(inReview.budgetId), (batch) => trx.insertInto('budget_items').values(batch).execute());
      await trx.updateTable('budgets').set({ status: 'approved', submitted_at: now, submitted_by: user.id, approved_at: now, retainage_e3: 5_000, profitability_e3: 12_500 }).where('id', '=', project.budgetId).execute();
      await trx.updateTable('budgets').set({ status: 'submitted', submitted_at: now, submitted_by: user.id }).where('id', '=', inReview.budgetId).execute();

      // Change orders spread over the items, numbered 1..500, in every status; accepted ones kept the values they replaced.
      const changeOrders = Array.from({ length: BUDGET_VOLUME.changeOrders }, (_, i) => {
        const status = STATUSES[i % STATUSES.length]!;
        const decided = status === 'accepted' || status === 'rejected';
        return {
          budget_id: project.budgetId,
          budget_item_id: mainItems[(i * 9) % mainItems.length]!,
          company_id: company.id,
          number: i + 1,
          status,
          quantity: 10 + i,
          price_cents: 1_000 + i * 13,
          report_weight: 0,
          description: i % 3 === 0 ? `Field change ${i}` : null,
          request_from_parent: 0,
          message: status === 'rejected' ? 'Price too high' : null,
          previous_quantity: status === 'accepted' ? 5 + i : null,
          previous_price_cents: status === 'accepted' ? 900 + i * 13 : null,
          sent_at: status === 'draft' ? null : now,
          sent_by: status === 'draft' ? null : user.id,
          decided_at: decided ? now : null,
          decided_by: null,
          created_by: user.id,
          created_at: now,
          updated_at: now,
        };
      });
      const changeOrderIds: number[] = [];
      await inBatches(changeOrders, async (batch) => changeOrderIds.push(...(await trx.insertInto('change_orders').values(batch).returning('id').execute()).map((r) => r.id)));

      const review = (budgetId: number, status: string, n: number) => ({
        budget_id: budgetId,
        membership_id: null,
        reviewer_company_id: client.partnerId,
        reviewer_name: `Reviewer ${n}`,
        reviewer_email: `reviewer.${n}.${stamp}@bench.example`,
        status,
        status_reason: status === 'approved' ? 'Approved budget' : null,
        token_hash: status === 'pending' ? hashToken(reviewHash) : null,
        token_expires_at: status === 'pending' ? new Date(Date.now() + 7 * 86_400_000).toISOString() : null,
        signature_file_id: null,
        signature_sha256: null,
        signed_at: null,
        signer_name: null,
        signer_ip: null,
        signer_user_agent: null,
        requested_by: user.id,
        decided_at: status === 'pending' ? null : now,
        created_at: now,
        updated_at: now,
      });
      await trx
        .insertInto('budget_reviews')
        .values([...Array.from({ length: BUDGET_VOLUME.reviews }, (_, n) => review(project.budgetId, 'approved', n)), review(inReview.budgetId, 'pending', BUDGET_VOLUME.reviews)])
        .execute();

      const comments = Array.from({ length: BUDGET_VOLUME.comments }, (_, i) => ({
        budget_id: project.budgetId,
        budget_item_id: i % 2 ? mainItems[i * 3]! : null,
        company_id: i % 4 ? company.id : client.partnerId,
        user_id: i % 4 ? user.id : null,
        author_name: i % 4 ? 'Budget Bench Owner' : 'Client Contact',
        body: `Comment ${i} on the budget`,
        created_at: ms(i),
      }));
      await inBatches(comments, (batch) => trx.insertInto('budget_comments').values(batch).execute());

      // The trail such a budget leaves: each item added, each change order created and moved.
      const events = [
        ...mainItems.map((id, i) => ({ entity_type: 'budget_item', entity_id: String(id), action: 'created', created_at: ms(i) })),
        ...changeOrders.flatMap((co, i) =>
          ['created', ...(co.sent_at ? ['sent'] : []), ...(co.status === 'accepted' ? ['accepted'] : co.status === 'rejected' ? ['sent back'] : [])].map((action) => ({
            entity_type: 'change_order',
            entity_id: String(changeOrderIds[i]),
            action,
            created_at: now,
          })),
        ),
        { entity_type: 'budget', entity_id: String(project.budgetId), action: 'approved', created_at: now },
      ].map((e) => ({ ...e, company_id: company.id, actor_user_id: user.id, changes: '{}' }));
      activityEvents = events.length;
      await inBatches(events, (batch) => trx.insertInto('audit_events').values(batch).execute());
    });
    await settleVolume(db, dialect);
    const budgetHash = (await db.selectFrom('budgets').select('public_hash').where('id', '=', inReview.budgetId).executeTakeFirstOrThrow()).public_hash;
    return {
      token,
      companyId: company.id,
      clientId: client.partnerId,
      projectId: project.id,
      budgetId: project.budgetId,
      reviewLink: { budgetHash, reviewHash },
      categoryId,
      soughtWord: SOUGHT_WORD,
      soughtItems: Math.ceil(BUDGET_VOLUME.items / THINGS.length),
      activityEvents,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await close();
  }
}

interface BudgetTarget extends Target {
  /** The route as server/modules declares it: the call is measured only once that route exists. */
  route: string;
}

const isArray = (body: unknown, what: string, n?: number) =>
  Array.isArray(body) && (n === undefined || body.length === n) ? null : `expected ${n ?? 'a list of'} ${what}, got ${Array.isArray(body) ? body.length : 'no list'}`;
const total = (headers: Headers, n: number, what: string) => (Number(headers.get('x-total-count')) === n ? null : `expected X-Total-Count ${n} ${what}, got ${headers.get('x-total-count')}`);
const fields = (body: unknown, keys: string[]) => {
  const missing = keys.filter((k) => typeof body !== 'object' || body === null || !(k in body));
  return missing.length ? `the answer lacks ${missing.join(', ')}` : null;
};

/** Every call the client's budget section makes, against the seeded project. */
export function budgetTargets(s: BudgetSeed): Record<BudgetCall, BudgetTarget> {
  const headers = { authorization: `Bearer ${s.token}`, 'x-company-id': String(s.companyId) };
  const project = `/api/v1/projects/${s.projectId}`;
  const budget = `${project}/budgets/${s.budgetId}`;
  const get = (route: string, path: string, check: Target['check']): BudgetTarget => ({ route, method: 'GET', path, headers, check });
  return {
    health: { route: 'GET /health', method: 'GET', path: '/api/v1/health' },
    project: get('GET /projects/:id', project, (b) => fields(b, ['id', 'budgetId']) ?? ((b as { budgetId: number }).budgetId === s.budgetId ? null : 'another budget')),
    budget: get('GET /projects/:id/budgets/:budgetId', budget, (b) =>
      fields(b, ['itemCount', 'total']) ?? ((b as { itemCount: number }).itemCount === BUDGET_VOLUME.items ? null : `expected ${BUDGET_VOLUME.items} items`),
    ),
    // The items grid as the client opens it (pages of 25 by name), then searched and sorted by amount.
    itemsFirstPage: get('GET /projects/:id/budgets/:budgetId/items/company', `${budget}/items/company?_start=0&_end=25&_sort=itemName&_order=asc`, (b, h) =>
      isArray(b, 'items', 25) ?? total(h, BUDGET_VOLUME.items, 'items'),
    ),
    itemsSortedFiltered: get(
      'GET /projects/:id/budgets/:budgetId/items/company',
      `${budget}/items/company?_start=0&_end=25&_sort=amount&_order=desc&itemName_like=${SOUGHT_WORD.toLowerCase()}`,
      (b, h) => isArray(b, 'items', 25) ?? total(h, s.soughtItems, `items named *${SOUGHT_WORD}*`),
    ),
    changeOrders: get('GET /projects/:id/budgets/:budgetId/change-orders', `${budget}/change-orders?_start=0&_end=25&_sort=number&_order=asc`, (b, h) =>
      isArray(b, 'change orders', 25) ?? total(h, BUDGET_VOLUME.changeOrders, 'change orders'),
    ),
    // The figures tab: every company (0) and every category (0), as the client first asks.
    distribution: get('GET /projects/:id/budget-distribution/:companyId/:categoryId', `${project}/budget-distribution/${s.companyId}/0`, (b) =>
      fields(b, ['total', 'categories']) ??
      ((b as { categories: unknown[] }).categories.length === BUDGET_VOLUME.categories ? null : `expected ${BUDGET_VOLUME.categories} categories`),
    ),
    // The client's first page of the details (25 by item name), with itemCount and the totals over all 5,000.
    details: get('GET /projects/:id/budget-details/:companyId/:categoryId', `${project}/budget-details/${s.companyId}/0?_start=0&_end=25&_sort=itemName&_order=asc`, (b, h) =>
      fields(b, ['rows', 'itemCount', 'totals']) ??
      isArray((b as { rows: unknown }).rows, 'detail rows', 25) ??
      ((b as { itemCount: number }).itemCount === BUDGET_VOLUME.items ? null : `expected itemCount ${BUDGET_VOLUME.items}`) ??
      total(h, BUDGET_VOLUME.items, 'detail rows'),
    ),
    spent: {
      route: 'POST /projects/:id/budget-spent',
      method: 'POST',
      path: `${project}/budget-spent`,
      headers,
      body: { companyId: s.companyId, categoryId: null, range: { from: '2026-01-01', to: '2026-12-31' } },
      check: (b) => fields(b, ['plannedAmount', 'spentAmount']),
    },
    reviews: get('GET /projects/:id/budgets/:budgetId/reviews', `${budget}/reviews`, (b) => isArray(b, 'reviews', BUDGET_VOLUME.reviews)),
    comments: get('GET /projects/:id/budgets/:budgetId/comments', `${budget}/comments?_start=0&_end=20&_sort=createdAt&_order=desc`, (b, h) =>
      isArray(b, 'comments', 20) ?? total(h, BUDGET_VOLUME.comments, 'comments'),
    ),
    activity: get('GET /projects/:id/budgets/:budgetId/activity', `${budget}/activity?_start=0&_end=20`, (b, h) => isArray(b, 'events', 20) ?? total(h, s.activityEvents, 'events')),
    overviewReport: get('GET /projects/:id/report/overview', `${project}/report/overview`, (b) => (typeof b === 'object' && b !== null ? null : 'expected an object')),
    externalReview: {
      route: 'GET /public/budget-review/:budgetHash/:reviewHash',
      method: 'GET',
      // The page's first request: the first 200 items, the figures over all of them.
      path: `/api/v1/public/budget-review/${s.reviewLink.budgetHash}/${s.reviewLink.reviewHash}?_start=0&_end=200`,
      check: (b, h) =>
        fields(b, ['budget', 'items']) ??
        ((b as { budget: { itemCount: number } }).budget.itemCount === BUDGET_VOLUME.items ? null : `expected a budget of ${BUDGET_VOLUME.items} items`) ??
        isArray((b as { items: unknown }).items, 'review items', 200) ??
        total(h, BUDGET_VOLUME.items, 'review items'),
    },
  };
}

const declared = new Set(allRoutes.map((r) => `${r.method} ${r.url}`));

/** Each call at BUDGET_CONNECTIONS; a call whose route is not there yet is reported as such, not measured. */
export async function benchBudgetSection(baseUrl: string, seed: BudgetSeed, log: (line: string) => void): Promise<BudgetSectionRun> {
  const results: BudgetSectionRun['results'] = {};
  const loadAtStart = os.loadavg()[0]!;
  for (const [name, target] of Object.entries(budgetTargets(seed)) as Array<[BudgetCall, BudgetTarget]>) {
    if (!declared.has(target.route)) {
      results[name] = { route: target.route, error: `no route ${target.route} in server/modules (not built yet, or under another path: adjust bench/budget-section.ts)` };
      log(`  ${name}: NOT MEASURED: ${results[name].error}`);
      continue;
    }
    log(`  budget section: ${name} (${target.method} ${target.path.replace(/\/public\/budget-review\/.*/, '/public/budget-review/…')}) at ${BUDGET_CONNECTIONS} connections ...`);
    try {
      const m = await measure(baseUrl, target, BUDGET_CONNECTIONS);
      const health = results.health;
      if (name !== 'health' && health && 'reqPerSec' in health) m.ratioToHealth = Math.round((m.reqPerSec / health.reqPerSec) * 1000) / 1000;
      results[name] = { route: target.route, ...m };
    } catch (err) {
      results[name] = { route: target.route, error: err instanceof Error ? err.message : String(err) };
      log(`  ${name}: FAILED: ${results[name].error}`);
    }
  }
  const { token: _t, reviewLink: _r, ...seeded } = seed;
  const loadAverage = { start: Math.round(loadAtStart * 100) / 100, end: Math.round(os.loadavg()[0]! * 100) / 100 };
  return { loadAverage, connections: BUDGET_CONNECTIONS, barP95Ms: BUDGET_P95_MS, volume: BUDGET_VOLUME, seeded, results };
}

/** Calls not measured, answers that were not 2xx, and p95s over the bar. */
export function budgetFailures(database: string, run: BudgetSectionRun): string[] {
  return (Object.entries(run.results) as Array<[BudgetCall, Outcome & { route: string }]>).flatMap(([name, r]) => {
    if ('error' in r) return [`${database} budget section ${name}: ${r.error}`];
    if (r.non2xx || r.errors) return [`${database} budget section ${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors (${JSON.stringify(r.statusCodes)})`];
    if (name !== 'health' && r.p95 >= BUDGET_P95_MS) return [`${database} budget section ${name}: p95 ${r.p95} ms at ${BUDGET_CONNECTIONS} connections, over the ${BUDGET_P95_MS} ms bar`];
    return [];
  });
}

export function printBudgetSection(database: string, run: BudgetSectionRun, write: (line: string) => void) {
  write(`\n${database}: budget section (${run.volume.items} items, ${run.volume.changeOrders} change orders; at ${run.connections} connections; bar: p95 < ${run.barP95Ms} ms; load average ${run.loadAverage.start} -> ${run.loadAverage.end})`);
  for (const [name, r] of Object.entries(run.results) as Array<[BudgetCall, Outcome & { route: string }]>) {
    write(
      'error' in r
        ? `  ${name.padEnd(20)} ${r.route.padEnd(58)} NOT MEASURED`
        : `  ${name.padEnd(20)} ${r.route.padEnd(58)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}  p99 ${r.p99.toFixed(1).padStart(6)} ms${r.non2xx + r.errors ? `  ${r.non2xx + r.errors} failed` : ''}`,
    );
  }
}
