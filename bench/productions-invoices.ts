// Productions and invoices under volume (issue 9): 1,000,000 production items over 100,000
// productions of one project, most approved and most of those already invoiced; the production list
// filtered and the billable-productions call measured against a p95 bar, and the daily sheet of a
// 500-item production, an invoice of 5,000 lines and its PDF timed as single requests. The owner,
// their company, a client company and the project are made through the API; the volume is written
// straight into the database with insert … select over a series of numbers (the API would take hours).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/index.js';
import { allRoutes } from '../server/modules/index.js';
import { DURATION_SEC, measure, median, type Measured, type Target } from './measure.js';
import { addDays, contiguous, dayAfter, isoDay, seedCall, series, settleStep, settleVolume, stamp } from './seed-sql.js';

export const PRODUCTION_VOLUME = {
  productions: 100_000,
  itemsPerProduction: 10,
  /** One production holds this many items: the daily sheet's. */
  sheetItems: 500,
  crews: 100,
  /** productions / crews: one sheet per crew and day, over about 2.7 years up to yesterday. */
  days: 1_000,
  budgetItems: 600,
  /** Approved production older than this is billed (monthly invoices, paid); the rest is billable. */
  unbilledDays: 60,
  invoiceLines: 5_000,
};
/** The bar of the production page and the billable productions: p95 under this, at PRODUCTION_CONNECTIONS. */
export const PRODUCTION_P95_MS = 100;
export const PRODUCTION_CONNECTIONS = 2;
/** The bars of the single requests, in milliseconds (the slowest of RUNS must be under it). */
export const SINGLE_BARS_MS = { dailySheet: 1_000, invoiceCreate: 3_000, invoicePdf: 3_000 } as const;
const RUNS = 5;
const PASSWORD = 'bench-password-1';
/** Statuses by production number modulo 20: 1 draft, 2 submitted, 1 rejected, 16 approved. */
const STATUS_SQL = `case when n % 20 = 0 then 'draft' when n % 20 in (1, 2) then 'submitted' when n % 20 = 3 then 'rejected' else 'approved' end`;
/** The daily sheet's production: approved (n % 20 ≥ 4), in the billed past. */
const SHEET_N = 50_004;

export type ProductionCall =
  | 'health'
  | 'productionPageProject'
  | 'productionPageCrew'
  | 'productionPageProjectAllDates'
  | 'billable'
  | 'billableNextPage'
  | 'budgetDetails'
  | 'budgetDistribution'
  | 'overviewReport';
export type SingleCall = keyof typeof SINGLE_BARS_MS;

export interface ProductionSeed {
  token: string;
  companyId: number;
  projectId: number;
  crewId: number;
  /** The productions and items written, and what of it is billed. */
  counts: { productions: number; items: number; approved: number; invoices: number; invoiceLines: number; billableProductions: number; billableItems: number };
  /** The filtered pages: a month of the project's approved productions, a quarter of one crew's. */
  projectRange: { from: string; to: string; total: number };
  crewRange: { from: string; to: string; total: number };
  /** Every approved production of the project: the page with no date range. */
  approvedTotal: number;
  sheetProductionId: number;
  /** 500 billable productions of 10 items: the 5,000-line invoice's body. */
  invoiceProductions: Array<{ id: number; items: Array<{ id: number }> }>;
  /** Seconds: the API part, the SQL volume, and the statistics refresh. */
  seconds: { total: number; api: number; volume: number; analyze: number };
}

type Outcome = Measured | { error: string };

export interface SingleTimed {
  route: string;
  runs: number;
  /** Milliseconds. */
  median: number;
  max: number;
  all: number[];
  barMs: number;
  bytes: number;
}

export interface ProductionsInvoicesRun {
  loadAverage: { start: number; end: number };
  connections: number;
  barP95Ms: number;
  volume: typeof PRODUCTION_VOLUME;
  seeded: Omit<ProductionSeed, 'token' | 'invoiceProductions'>;
  results: Partial<Record<ProductionCall, (Measured | { error: string; aloneMs?: number[] }) & { route: string; bytes?: number }>>;
  single: Partial<Record<SingleCall, SingleTimed | { route: string; error: string }>>;
}

const call = (baseUrl: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  seedCall('productions', baseUrl, method, url, body, headers);

/**
 * The owner, their company, a client company and the project through the API; then, in SQL: 600
 * catalog and budget items (the budget approved), 100 crews, 100,000 productions (crew n % 100 on
 * day n / 100, statuses by n % 20), 10 items each (500 on one), one review each, and monthly paid
 * invoices of the approved production older than 60 days.
 */
export async function seedProductionsInvoices(baseUrl: string, opts: { databaseUrl: string | null; dataDir: string; log: (line: string) => void }): Promise<ProductionSeed> {
  const started = Date.now();
  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const { token, user } = await call(baseUrl, 'POST', '/users', { name: 'Production Bench Owner', phone: '+1 555 010 0000', email: `production.bench.${tag}@example.com`, password: PASSWORD });
  const auth = { authorization: `Bearer ${token}` };
  const place = { country: 'US', state: 'TX', city: 'Austin', zip: '78701', ein: '12-3456789' };
  const company = await call(baseUrl, 'POST', '/companies', {
    ...place,
    name: `Production Bench Paving ${tag}`,
    address: '1 Main Street',
    contactName: 'Production Owner',
    contactPhone: '+1 512 555 0100',
    contactEmail: `office.${tag}@bench.example`,
  }, auth);
  const headers = { ...auth, 'x-company-id': String(company.id) };
  const client = await call(baseUrl, 'POST', '/partnerships/create/client', {
    ...place,
    name: `Production Bench Client ${tag}`,
    address: '2 Main Street',
    contactName: 'Client Contact',
    contactPhone: '+1 512 555 0101',
    contactEmail: `client.${tag}@bench.example`,
  }, headers);
  const project = await call(baseUrl, 'POST', `/companies/${company.id}/projects`, { projectName: 'Production Bench Fiber Build', code: 'PROD-1', clientId: client.partnerId }, headers);
  const apiSeconds = (Date.now() - started) / 1000;

  const V = PRODUCTION_VOLUME;
  const last = isoDay(new Date(Date.now() - 86_400_000));
  const first = addDays(last, -(V.days - 1));
  const cutoff = addDays(last, -(V.unbilledDays - 1));
  const now = new Date().toISOString();
  const { db, dialect, close } = openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const run = (text: string) => sql.raw(text).execute(db);
  const volumeStarted = Date.now();
  const step = async <T>(what: string, work: () => Promise<T>) => {
    const t = Date.now();
    const out = await work();
    opts.log(`    ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return out;
  };
  try {
    const ts = stamp(dialect, now);
    const { budgetBase, crewBase } = await step('catalog, budget items and crews', () =>
      db.transaction().execute(async (trx) => {
        const catalog = await trx
          .insertInto('items')
          .values(
            Array.from({ length: V.budgetItems }, (_, i) => ({
              company_id: company.id,
              partnership_id: null,
              market_id: null,
              category_id: null,
              name: `${['Conduit', 'Handhole', 'Vault', 'Splice', 'Bore', 'Trench'][i % 6]} ${i}`,
              code: `PI-${String(i).padStart(4, '0')}`,
              unit: ['LF', 'EA', 'SF', 'CY', 'HR'][i % 5]!,
              icon_id: null,
              icon_url: null,
              production_is_allowed: 1,
              production_item_type: 'quantity',
              line_color: '#f28c28',
              photos_number: 0,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        const budgetItems = await trx
          .insertInto('budget_items')
          .values(
            catalog.map((c, i) => ({
              budget_id: project.budgetId,
              item_id: c.id,
              report_weight: 0,
              quantity: 1_000 + ((i * 37) % 50_000),
              price_cents: 50 + ((i * 7_919) % 250_000),
              description: null,
              created_by: user.id,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning('id')
          .execute();
        await trx.updateTable('budgets').set({ status: 'approved', submitted_at: now, submitted_by: user.id, approved_at: now, retainage_e3: 5_000 }).where('id', '=', project.budgetId).execute();
        const crews = await trx
          .insertInto('crews')
          .values(Array.from({ length: V.crews }, (_, i) => ({ company_id: company.id, name: `Crew ${String(i + 1).padStart(3, '0')}`, created_at: now, updated_at: now })))
          .returning('id')
          .execute();
        return { budgetBase: contiguous(budgetItems.map((r) => r.id), 'budget item'), crewBase: contiguous(crews.map((r) => r.id), 'crew') };
      }),
    );

    // Productions in chunks of 20,000 (one statement and transaction each): crew n % crews, day n / crews.
    const CHUNK = 20_000;
    await step(`${V.productions} productions`, async () => {
      for (let lo = 0; lo < V.productions; lo += CHUNK) {
        const hi = Math.min(V.productions, lo + CHUNK) - 1;
        await sql`insert into productions (project_id, company_id, crew_id, task_id, date, status, texts, submitted_at, submitted_by, approved_at, created_by, created_at, updated_at)
          select ${sql.raw(String(project.id))}, ${sql.raw(String(company.id))}, ${sql.raw(String(crewBase))} + n % ${sql.raw(String(V.crews))}, null,
            ${sql.raw(dayAfter(dialect, first, `n / ${V.crews}`))}, ${sql.raw(STATUS_SQL)}, '{"notes":"Bench production"}',
            case when n % 20 = 0 then null else ${sql.raw(ts)} end, case when n % 20 = 0 then null else ${sql.raw(String(user.id))} end,
            case when n % 20 >= 4 then ${sql.raw(ts)} else null end, ${sql.raw(String(user.id))}, ${sql.raw(ts)}, ${sql.raw(ts)}
          from ${series(dialect, lo, hi)} order by n`.execute(db);
      }
    });
    const ids = await db
      .selectFrom('productions')
      .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi'), eb.fn.countAll<number>().as('n')])
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    const productionBase = Number(ids.lo);
    if (Number(ids.hi) - productionBase + 1 !== V.productions || Number(ids.n) !== V.productions) throw new Error('seeding productions: the production ids are not contiguous');
    const productionN = `(p.id - ${productionBase})`;

    // Items: 10 per production (budget items spread by a stride), in chunks of 10,000 productions.
    await step(`${V.productions * V.itemsPerProduction} production items`, async () => {
      for (let lo = 0; lo < V.productions; lo += 10_000) {
        await sql`insert into production_items (production_id, budget_item_id, quantity_e3, photos_number, description, station_id, source, created_by, created_at, updated_at)
          select p.id, ${sql.raw(String(budgetBase))} + (${sql.raw(productionN)} * 7 + s.n * 61) % ${sql.raw(String(V.budgetItems))},
            1000 + (${sql.raw(productionN)} * 37 + s.n * 101) % 250000, 0, null, null, 'manual', ${sql.raw(String(user.id))}, ${sql.raw(ts)}, ${sql.raw(ts)}
          from productions p cross join ${series(dialect, 0, V.itemsPerProduction - 1)}
          where p.project_id = ${sql.raw(String(project.id))} and p.id between ${sql.raw(String(productionBase + lo))} and ${sql.raw(String(productionBase + Math.min(V.productions, lo + 10_000) - 1))}
          order by p.id, s.n`.execute(db);
      }
      // The daily sheet's production: 500 items, one per budget item.
      const sheetId = productionBase + SHEET_N;
      await db.deleteFrom('production_items').where('production_id', '=', sheetId).execute();
      await sql`insert into production_items (production_id, budget_item_id, quantity_e3, photos_number, description, station_id, source, created_by, created_at, updated_at)
        select ${sql.raw(String(sheetId))}, ${sql.raw(String(budgetBase))} + n, 500 + n * 1250, n % 3, case when n % 4 = 0 then 'From station ' || n else null end, null, 'manual',
          ${sql.raw(String(user.id))}, ${sql.raw(ts)}, ${sql.raw(ts)}
        from ${series(dialect, 0, V.sheetItems - 1)}`.execute(db);
    });

    await step('production reviews', () =>
      run(`insert into production_reviews (production_id, company_id, status, reason, decided_by, decided_at, created_at, updated_at)
        select p.id, p.company_id, case p.status when 'approved' then 'approved' when 'rejected' then 'rejected' else 'pending' end,
          case when p.status = 'rejected' then 'Quantities do not match the plan' else null end,
          case when p.status in ('approved', 'rejected') then ${user.id} else null end,
          case when p.status in ('approved', 'rejected') then ${ts} else null end, ${ts}, ${ts}
        from productions p where p.project_id = ${project.id} and p.status <> 'draft' order by p.id`),
    );

    // Monthly invoices of the approved production before the cutoff, paid but the last two.
    const months: string[] = [];
    for (let m = first.slice(0, 7); m < cutoff.slice(0, 7) || (m === cutoff.slice(0, 7) && cutoff.slice(8) !== '01'); ) {
      months.push(m);
      const [y, mo] = m.split('-').map(Number) as [number, number];
      m = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
    }
    await step(`${months.length} monthly invoices and their lines`, async () => {
      await db
        .insertInto('invoices')
        .values(
          months.map((m, i) => {
            const status = i === months.length - 1 ? 'unpaid' : i === months.length - 2 ? 'partially_paid' : 'paid';
            return {
              company_id: company.id,
              project_id: project.id,
              client_id: client.partnerId,
              client_name: `Production Bench Client ${tag}`,
              number: `SEED-${m}`,
              status,
              due_date: `${m}-28`,
              week_ending_date: null,
              retainage_e3: 5_000,
              notes: null,
              subtotal_cents: 0,
              retainage_cents: 0,
              released_cents: 0,
              paid_cents: 0,
              single_part: 0,
              sent_at: now,
              sent_by: user.id,
              approved_at: now,
              approved_by: null,
              paid_at: status === 'paid' ? now : null,
              created_by: user.id,
              created_at: now,
              updated_at: now,
            };
          }),
        )
        .execute();
      for (const m of months) {
        await run(`insert into invoice_lines (invoice_id, company_id, production_id, production_item_id, budget_item_id, quantity_e3, price_cents, amount_cents, active, created_at)
          select i.id, ${company.id}, p.id, pi.id, pi.budget_item_id, pi.quantity_e3, bi.price_cents, (pi.quantity_e3 * bi.price_cents + 500) / 1000, 1, ${ts}
          from invoices i
          join productions p on p.project_id = ${project.id} and p.status = 'approved' and p.date >= '${m}-01' and p.date < '${m}-32' and p.date < '${cutoff}'
          join production_items pi on pi.production_id = p.id
          join budget_items bi on bi.id = pi.budget_item_id
          where i.company_id = ${company.id} and i.number = 'SEED-${m}'
          order by pi.id`);
      }
      await run(`update invoices set subtotal_cents = coalesce((select sum(l.amount_cents) from invoice_lines l where l.invoice_id = invoices.id), 0)
        where company_id = ${company.id} and number like 'SEED-%'`);
      await run(`update invoices set retainage_cents = (subtotal_cents * retainage_e3 + 50000) / 100000 where company_id = ${company.id} and number like 'SEED-%'`);
      await run(`update invoices set paid_cents = case status when 'paid' then subtotal_cents - retainage_cents when 'partially_paid' then (subtotal_cents - retainage_cents) / 2 else 0 end
        where company_id = ${company.id} and number like 'SEED-%'`);

    });
    // The budget items' running sums, as the production and invoice state machines keep them: grouped
    // once, then written per item (a correlated sum per item scanned every invoice line on PostgreSQL).
    await step('budget items\' running sums', async () => {
      const sums = new Map<number, { produced: string; billed: string }>();
      const produced = await sql.raw<{ id: number; s: string }>(`select pi.budget_item_id as id, cast(sum(pi.quantity_e3) as text) as s
        from production_items pi join productions p on p.id = pi.production_id
        where p.project_id = ${project.id} and p.status = 'approved' group by pi.budget_item_id`).execute(db);
      for (const r of produced.rows) sums.set(Number(r.id), { produced: r.s, billed: '0' });
      const billed = await sql.raw<{ id: number; s: string }>(`select l.budget_item_id as id, cast(sum(l.amount_cents) as text) as s
        from invoice_lines l join invoices i on i.id = l.invoice_id
        where i.company_id = ${company.id} and l.active = 1 and i.status in ('submit', 'unpaid', 'partially_paid', 'paid') group by l.budget_item_id`).execute(db);
      for (const r of billed.rows) sums.set(Number(r.id), { produced: sums.get(Number(r.id))?.produced ?? '0', billed: r.s });
      await db.transaction().execute(async (trx) => {
        for (const [id, sum] of sums) await sql.raw(`update budget_items set produced_e3 = ${sum.produced}, billed_cents = ${sum.billed} where id = ${id}`).execute(trx);
      });
    });
    const volumeSeconds = (Date.now() - volumeStarted) / 1000;
    const analyzeStarted = Date.now();
    await step(settleStep(dialect), () => settleVolume(db, dialect));
    const analyzeSeconds = (Date.now() - analyzeStarted) / 1000;

    const count = async (text: string) => Number(((await sql.raw<{ n: number | string }>(text).execute(db)).rows[0]?.n ?? 0));
    const pid = project.id;
    const crewId = crewBase + 7;
    // A month of the project in the billed past; a quarter of one crew.
    const projectRange = { from: addDays(first, 400), to: addDays(first, 430) };
    const crewRange = { from: addDays(first, 600), to: addDays(first, 690) };
    const unbilled = `from productions p join production_items pi on pi.production_id = p.id
      where p.project_id = ${pid} and p.status = 'approved'
      and not exists (select 1 from invoice_lines l where l.production_item_id = pi.id and l.company_id = ${company.id} and l.active = 1)`;
    const counts = {
      productions: await count(`select count(*) as n from productions where project_id = ${pid}`),
      items: await count(`select count(*) as n from production_items pi join productions p on p.id = pi.production_id where p.project_id = ${pid}`),
      approved: await count(`select count(*) as n from productions where project_id = ${pid} and status = 'approved'`),
      invoices: months.length,
      invoiceLines: await count(`select count(*) as n from invoice_lines where company_id = ${company.id}`),
      billableProductions: await count(`select count(distinct p.id) as n ${unbilled}`),
      billableItems: await count(`select count(*) as n ${unbilled}`),
    };
    const total = (extra: string, r: { from: string; to: string }) =>
      count(`select count(*) as n from productions where project_id = ${pid} and status = 'approved' ${extra} and date >= '${r.from}' and date < '${r.to}'`);
    // The newest 500 billable productions (10 items each) for the 5,000-line invoice.
    const picked = await db
      .selectFrom('productions')
      .select('id')
      .where('project_id', '=', pid)
      .where('status', '=', 'approved')
      .where('date', '>=', cutoff)
      .where('id', '<>', productionBase + SHEET_N)
      .orderBy('id', 'desc')
      .limit(V.invoiceLines / V.itemsPerProduction)
      .execute();
    const items = await db
      .selectFrom('production_items')
      .select(['id', 'production_id'])
      .where('production_id', 'in', picked.map((p) => p.id))
      .orderBy('id')
      .execute();
    const byProduction = new Map<number, Array<{ id: number }>>();
    for (const it of items) byProduction.set(it.production_id, [...(byProduction.get(it.production_id) ?? []), { id: it.id }]);
    return {
      token,
      companyId: company.id,
      projectId: pid,
      crewId,
      counts,
      projectRange: { ...projectRange, total: await total('', projectRange) },
      crewRange: { ...crewRange, total: await total(`and crew_id = ${crewId}`, crewRange) },
      approvedTotal: counts.approved,
      sheetProductionId: productionBase + SHEET_N,
      invoiceProductions: [...byProduction].map(([id, its]) => ({ id, items: its })),
      seconds: { total: Math.round((Date.now() - started) / 100) / 10, api: Math.round(apiSeconds * 10) / 10, volume: Math.round(volumeSeconds * 10) / 10, analyze: Math.round(analyzeSeconds * 10) / 10 },
    };
  } finally {
    await close();
  }
}

interface ProductionTarget extends Target {
  /** The route as server/modules declares it: the call is measured only once that route exists. */
  route: string;
}

const page = (body: unknown, headers: Headers, n: number, what: string) =>
  Array.isArray(body) && body.length === Math.min(25, n) && Number(headers.get('x-total-count')) === n
    ? null
    : `expected ${Math.min(25, n)} of ${n} ${what}, got ${Array.isArray(body) ? body.length : 'no'} rows and X-Total-Count ${headers.get('x-total-count')}`;
/** Newest first and every row within the range and approved. */
const inOrder = (body: unknown, r: { from: string; to: string }) => {
  const rows = body as Array<{ date: string; status: string }>;
  return rows.every((row, i) => row.status === 'approved' && row.date >= r.from && row.date < r.to && (i === 0 || rows[i - 1]!.date >= row.date))
    ? null
    : 'rows out of the filter or not newest first';
};

/** A full page of 25 billable productions, newest first, each with items, and X-Has-More as expected. */
const billablePage = (body: unknown, headers: Headers, more: boolean) => {
  const rows = body as Array<{ date: string; items: unknown[] }>;
  if (!Array.isArray(rows) || rows.length !== 25) return `expected 25 billable productions, got ${Array.isArray(rows) ? rows.length : 'no list'}`;
  if (headers.get('x-has-more') !== String(more)) return `expected X-Has-More ${more}, got ${headers.get('x-has-more')}`;
  return rows.every((row, i) => row.items.length > 0 && (i === 0 || rows[i - 1]!.date >= row.date)) ? null : 'productions without items or not newest first';
};

export function productionTargets(s: ProductionSeed): Record<ProductionCall, ProductionTarget> {
  const headers = { authorization: `Bearer ${s.token}`, 'x-company-id': String(s.companyId) };
  const list = (extra: string, r: { from: string; to: string }) =>
    `/api/v1/production?_start=0&_end=25&_sort=date&_order=desc&status=approved&${extra}&date_gte=${r.from}&date_lt=${r.to}`;
  return {
    health: { route: 'GET /health', method: 'GET', path: '/api/v1/health' },
    // The list as the client asks it: approved, one project (or one crew), a date range, newest first, a page of 25.
    productionPageProject: {
      route: 'GET /production',
      method: 'GET',
      path: list(`projectId=${s.projectId}`, s.projectRange),
      headers,
      check: (b, h) => page(b, h, s.projectRange.total, 'approved productions of the project in the month') ?? inOrder(b, s.projectRange),
    },
    productionPageCrew: {
      route: 'GET /production',
      method: 'GET',
      path: list(`crewId=${s.crewId}`, s.crewRange),
      headers,
      check: (b, h) => page(b, h, s.crewRange.total, "approved productions of the crew in the quarter") ?? inOrder(b, s.crewRange),
    },
    // The same without a date range (every day of the project): beyond the issue's case, to show how the page scales.
    productionPageProjectAllDates: {
      route: 'GET /production',
      method: 'GET',
      path: `/api/v1/production?_start=0&_end=25&_sort=date&_order=desc&status=approved&projectId=${s.projectId}`,
      headers,
      check: (b, h) => page(b, h, s.approvedTotal, 'approved productions of the project') ?? inOrder(b, { from: '0000', to: '9999' }),
    },
    // The billing page as the client opens it: the newest 25 billable productions with their items, then Show more.
    billable: {
      route: 'GET /billable-productions/:projectId',
      method: 'GET',
      path: `/api/v1/billable-productions/${s.projectId}?_start=0&_end=25`,
      headers,
      check: (b, h) => billablePage(b, h, s.counts.billableProductions > 25),
    },
    billableNextPage: {
      route: 'GET /billable-productions/:projectId',
      method: 'GET',
      path: `/api/v1/billable-productions/${s.projectId}?_start=25&_end=50`,
      headers,
      check: (b, h) => billablePage(b, h, s.counts.billableProductions > 50),
    },
    // The budget section's figures once a million items of production count in them (issue 9: produced and billed).
    budgetDetails: {
      route: 'GET /projects/:id/budget-details/:companyId/:categoryId',
      method: 'GET',
      path: `/api/v1/projects/${s.projectId}/budget-details/${s.companyId}/0?_start=0&_end=25&_sort=itemName&_order=asc`,
      headers,
      check: (b) => {
        const rows = (b as { rows?: Array<{ producedQuantity?: string }> }).rows;
        return Array.isArray(rows) && rows.length === 25 && rows.some((r) => r.producedQuantity !== '0') ? null : 'expected 25 detail rows with production';
      },
    },
    budgetDistribution: {
      route: 'GET /projects/:id/budget-distribution/:companyId/:categoryId',
      method: 'GET',
      path: `/api/v1/projects/${s.projectId}/budget-distribution/${s.companyId}/0`,
      headers,
    },
    overviewReport: { route: 'GET /projects/:id/report/overview', method: 'GET', path: `/api/v1/projects/${s.projectId}/report/overview`, headers },
  };
}

const declared = new Set(allRoutes.map((r) => `${r.method} ${r.url}`));
const round = (n: number) => Math.round(n * 10) / 10;

/** One request, timed from sending to the last byte of its answer. */
async function timed(baseUrl: string, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const t = performance.now();
  const res = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${bytes.toString('utf8', 0, 300)}`);
  return { ms, bytes, contentType: res.headers.get('content-type') ?? '' };
}

const summarize = (route: string, barMs: number, all: number[], bytes: number): SingleTimed => ({
  route,
  runs: all.length,
  median: round(median(all)),
  max: round(Math.max(...all)),
  all: all.map(round),
  barMs,
  bytes,
});

/**
 * The daily sheet, then RUNS times: the 5,000-line invoice created, its PDF rendered, and the invoice
 * cancelled (which frees its items for the next run).
 */
async function singles(baseUrl: string, s: ProductionSeed, log: (line: string) => void): Promise<ProductionsInvoicesRun['single']> {
  const headers = { authorization: `Bearer ${s.token}`, 'x-company-id': String(s.companyId) };
  const out: ProductionsInvoicesRun['single'] = {};
  const missing = (route: string) => (declared.has(route) ? null : { route, error: `no route ${route} in server/modules (not built yet, or under another path: adjust bench/productions-invoices.ts)` });

  const sheetRoute = 'POST /productions/:id/report/download';
  out.dailySheet = missing(sheetRoute) ?? undefined;
  if (!out.dailySheet) {
    try {
      const all: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await timed(baseUrl, 'POST', `/productions/${s.sheetProductionId}/report/download`, headers, {});
        if (!r.contentType.includes('spreadsheetml') || r.bytes.subarray(0, 2).toString() !== 'PK') throw new Error(`the daily sheet is not an xlsx (${r.contentType})`);
        all.push(r.ms);
        bytes = r.bytes.length;
      }
      out.dailySheet = summarize(sheetRoute, SINGLE_BARS_MS.dailySheet, all, bytes);
    } catch (err) {
      out.dailySheet = { route: sheetRoute, error: err instanceof Error ? err.message : String(err) };
    }
  }
  log(`  daily sheet (${PRODUCTION_VOLUME.sheetItems} items): ${describe(out.dailySheet)}`);

  const createRoute = 'POST /invoices/:companyId';
  const pdfRoute = 'GET /invoices/:id/pdf';
  const cancelRoute = 'POST /invoices/:id/cancelled';
  out.invoiceCreate = missing(createRoute) ?? missing(cancelRoute) ?? undefined;
  out.invoicePdf = missing(pdfRoute) ?? undefined;
  if (!out.invoiceCreate) {
    const creates: number[] = [];
    const pdfs: number[] = [];
    let createBytes = 0;
    let pdfBytes = 0;
    try {
      for (let i = 0; i < RUNS; i++) {
        const c = await timed(baseUrl, 'POST', `/invoices/${s.companyId}`, headers, { projectId: s.projectId, productions: s.invoiceProductions, notes: `Bench invoice ${i + 1}` });
        const invoice = JSON.parse(c.bytes.toString('utf8')) as { id: number; lines: unknown[] };
        if (invoice.lines?.length !== PRODUCTION_VOLUME.invoiceLines) throw new Error(`the invoice has ${invoice.lines?.length} lines, not ${PRODUCTION_VOLUME.invoiceLines}`);
        creates.push(c.ms);
        createBytes = c.bytes.length;
        if (!out.invoicePdf) {
          try {
            const p = await timed(baseUrl, 'GET', `/invoices/${invoice.id}/pdf`, headers);
            if (p.bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error(`the invoice PDF is not a PDF (${p.contentType})`);
            pdfs.push(p.ms);
            pdfBytes = p.bytes.length;
          } catch (err) {
            out.invoicePdf = { route: pdfRoute, error: err instanceof Error ? err.message : String(err) };
          }
        }
        await timed(baseUrl, 'POST', `/invoices/${invoice.id}/cancelled`, headers, { reason: 'Bench run' });
      }
      out.invoiceCreate = summarize(createRoute, SINGLE_BARS_MS.invoiceCreate, creates, createBytes);
      if (!out.invoicePdf) out.invoicePdf = summarize(pdfRoute, SINGLE_BARS_MS.invoicePdf, pdfs, pdfBytes);
    } catch (err) {
      out.invoiceCreate = { route: createRoute, error: err instanceof Error ? err.message : String(err) };
    }
  }
  out.invoicePdf ??= { route: pdfRoute, error: 'not measured: no invoice was created' };
  log(`  invoice of ${PRODUCTION_VOLUME.invoiceLines} lines created: ${describe(out.invoiceCreate)}`);
  log(`  its PDF: ${describe(out.invoicePdf)}`);
  return out;
}

const describe = (r: SingleTimed | { route: string; error: string } | undefined) =>
  !r ? 'not measured' : 'error' in r ? `NOT MEASURED: ${r.error}` : `median ${r.median} ms, max ${r.max} ms over ${r.runs} runs (bar ${r.barMs} ms), ${r.bytes} bytes`;

/** The list and the billable productions at PRODUCTION_CONNECTIONS; then the single requests. */
export async function benchProductionsInvoices(baseUrl: string, seed: ProductionSeed, log: (line: string) => void): Promise<ProductionsInvoicesRun> {
  const results: ProductionsInvoicesRun['results'] = {};
  const loadAtStart = os.loadavg()[0]!;
  for (const [name, target] of Object.entries(productionTargets(seed)) as Array<[ProductionCall, ProductionTarget]>) {
    if (!declared.has(target.route)) {
      results[name] = { route: target.route, error: `no route ${target.route} in server/modules (not built yet, or under another path: adjust bench/productions-invoices.ts)` };
      log(`  ${name}: NOT MEASURED: ${results[name].error}`);
      continue;
    }
    log(`  productions: ${name} (${target.method} ${target.path}) at ${PRODUCTION_CONNECTIONS} connections ...`);
    try {
      const m = await measure(baseUrl, target, PRODUCTION_CONNECTIONS);
      const health = results.health;
      if (name !== 'health' && health && 'reqPerSec' in health) m.ratioToHealth = Math.round((m.reqPerSec / health.reqPerSec) * 1000) / 1000;
      // The answer's size and one request alone: a list that grows with the data shows here, and a
      // call slower than the whole run (no answer within it) still gets a number.
      const alone: number[] = [];
      let bytes = 0;
      for (let i = 0; i < (m.requests ? 1 : 3); i++) {
        const r = await timed(baseUrl, target.method, target.path.replace(/^\/api\/v1/, ''), target.headers ?? {});
        alone.push(round(r.ms));
        bytes = r.bytes.length;
      }
      results[name] = m.requests
        ? { route: target.route, ...m, bytes }
        : { route: target.route, error: `no answer within the ${DURATION_SEC} s run: one request alone takes ${median(alone)} ms (median of 3), answering ${bytes} bytes`, aloneMs: alone, bytes };
    } catch (err) {
      results[name] = { route: target.route, error: err instanceof Error ? err.message : String(err) };
      log(`  ${name}: FAILED: ${results[name].error}`);
    }
  }
  const single = await singles(baseUrl, seed, log);
  const { token: _t, invoiceProductions: _p, ...seeded } = seed;
  const loadAverage = { start: Math.round(loadAtStart * 100) / 100, end: Math.round(os.loadavg()[0]! * 100) / 100 };
  return { loadAverage, connections: PRODUCTION_CONNECTIONS, barP95Ms: PRODUCTION_P95_MS, volume: PRODUCTION_VOLUME, seeded, results, single };
}

/** Calls not measured, answers that were not 2xx, p95s over the bar, single requests over theirs. */
export function productionFailures(database: string, run: ProductionsInvoicesRun): string[] {
  const measured = (Object.entries(run.results) as Array<[ProductionCall, Outcome & { route: string }]>).flatMap(([name, r]) => {
    if ('error' in r) return [`${database} productions ${name}: ${r.error}`];
    if (r.non2xx || r.errors) return [`${database} productions ${name}: ${r.non2xx} non-2xx answers and ${r.errors} errors (${JSON.stringify(r.statusCodes)})`];
    if (name !== 'health' && r.p95 >= PRODUCTION_P95_MS) return [`${database} productions ${name}: p95 ${r.p95} ms at ${PRODUCTION_CONNECTIONS} connections, over the ${PRODUCTION_P95_MS} ms bar`];
    return [];
  });
  const singleOnes = (Object.entries(run.single) as Array<[SingleCall, SingleTimed | { route: string; error: string }]>).flatMap(([name, r]) => {
    if ('error' in r) return [`${database} productions ${name}: ${r.error}`];
    return r.max >= r.barMs ? [`${database} productions ${name}: slowest of ${r.runs} runs ${r.max} ms (median ${r.median} ms), over the ${r.barMs} ms bar`] : [];
  });
  return [...measured, ...singleOnes];
}

export function printProductionsInvoices(database: string, run: ProductionsInvoicesRun, write: (line: string) => void) {
  const c = run.seeded.counts;
  write(
    `\n${database}: productions and invoices (${c.productions} productions, ${c.items} items, ${c.invoiceLines} invoice lines; ${c.billableProductions} productions / ${c.billableItems} items billable; seeded in ${run.seeded.seconds.total} s; load average ${run.loadAverage.start} -> ${run.loadAverage.end})`,
  );
  for (const [name, r] of Object.entries(run.results) as Array<[ProductionCall, Outcome & { route: string; bytes?: number }]>) {
    write(
      'error' in r
        ? `  ${name.padEnd(29)} ${r.route.padEnd(40)} FAILED: ${r.error}`
        : `  ${name.padEnd(29)} ${r.route.padEnd(40)} ${r.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)} ms${r.bytes !== undefined ? `  ${r.bytes} bytes` : ''}${r.non2xx + r.errors ? `  ${r.non2xx + r.errors} failed` : ''}`,
    );
  }
  write(`  (bar: p95 < ${run.barP95Ms} ms at ${run.connections} connections)`);
  for (const [name, r] of Object.entries(run.single) as Array<[SingleCall, SingleTimed | { route: string; error: string }]>) write(`  ${name.padEnd(29)} ${r.route.padEnd(40)} ${describe(r)}`);
}

