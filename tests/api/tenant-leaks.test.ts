import { z } from 'zod';
import { API_PREFIX } from '../../server/app.js';
import { defineRoute, registerRoutes } from '../../server/http/route.js';
import { notFound } from '../../server/http/errors.js';
import { sendPage } from '../../server/lib/list-query.js';
import { describeEachDatabase } from './harness.js';
import { keyOf, type AnyRoute } from './tenant-kinds.js';
import { ODD_PRICES } from './tenant-leaks.js';
import { mixedPaths, ownReads, startSweep, type Sweep } from './tenant-passes.js';
import { placeRoutes } from './tenant-routes.js';
import { seedTenant } from './tenant-seed.js';

/**
 * The tenant-isolation sweep can fail: a server with routes that leak on purpose, declared and
 * registered as real routes are, is swept by the same passes (tenant-passes.ts), which must name each
 * leak. An honest twin of the list route must pass, so the checks are not simply failing everything.
 */

const id = z.coerce.number().int().positive();

/** Forgot the company filter: every company's projects, names and all. */
const everyonesProjects = defineRoute({
  method: 'GET',
  url: '/leaky/projects',
  summary: 'leaks rows',
  tags: [],
  access: { permission: 'projects:view' },
  handler: async ({ services }) => services.db.selectFrom('projects').select(['id', 'code']).execute(),
});

/** The page is the company's, the total counts everyone's projects. */
const everyonesCount = defineRoute({
  method: 'GET',
  url: '/leaky/projects/counted',
  summary: 'leaks a count',
  tags: [],
  access: { permission: 'projects:view' },
  handler: async ({ services, actor, reply }) => {
    const rows = await services.db.selectFrom('projects').select('id').where('company_id', '=', actor.membership!.companyId).execute();
    const { total } = await services.db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return sendPage(reply, { rows, total: Number(total) });
  },
});

/** The same list, counted right: the control. */
const ownCount = defineRoute({
  method: 'GET',
  url: '/honest/projects/counted',
  summary: 'leaks nothing',
  tags: [],
  access: { permission: 'projects:view' },
  handler: async ({ services, actor, reply }) => {
    const rows = await services.db.selectFrom('projects').select(['id', 'code']).where('company_id', '=', actor.membership!.companyId).execute();
    return sendPage(reply, { rows, total: rows.length });
  },
});

/** Each budget's total, only figures and ids: no name to give it away. */
const everyonesTotals = defineRoute({
  method: 'GET',
  url: '/leaky/budget-totals',
  summary: 'leaks figures',
  tags: [],
  access: { permission: 'projects:view' },
  handler: async ({ services }) => {
    const items = await services.db.selectFrom('budget_items').select(['budget_id', 'quantity', 'price_cents']).execute();
    const cents = new Map<number, number>();
    for (const item of items) cents.set(item.budget_id, (cents.get(item.budget_id) ?? 0) + Number(item.quantity) * Number(item.price_cents));
    return [...cents].map(([budgetId, total]) => ({ budgetId, total: `${Math.trunc(total / 100)}.${String(total % 100).padStart(2, '0')}` }));
  },
});

/** Checks the project is the caller's, then reads the budget by its id alone. */
const budgetUnderProject = defineRoute({
  method: 'GET',
  url: '/leaky/projects/:projectId/budgets/:budgetId',
  summary: 'leaks a child row',
  tags: [],
  params: z.object({ projectId: id, budgetId: id }),
  access: { permission: 'projects:view' },
  handler: async ({ services, actor, params }) => {
    const project = await services.db.selectFrom('projects').select('id').where('id', '=', params.projectId).where('company_id', '=', actor.membership!.companyId).executeTakeFirst();
    if (!project) throw notFound('Project');
    return services.db.selectFrom('budgets').select(['id', 'status', 'company_id']).where('id', '=', params.budgetId).executeTakeFirstOrThrow();
  },
});

const LEAKY = [everyonesProjects, everyonesCount, ownCount, everyonesTotals, budgetUnderProject] as AnyRoute[];

describeEachDatabase('tenant isolation: the sweep catches a leaky route', (server) => {
  let sweep: Sweep;
  let routes: AnyRoute[];
  beforeAll(async () => {
    const s = server();
    // Before the first request, while Fastify still takes routes.
    await s.app.register(async (api) => registerRoutes(api, s.services, LEAKY), { prefix: API_PREFIX });
    sweep = await startSweep(s, await seedTenant(s, 'Zqalpha', ODD_PRICES), await seedTenant(s, 'Zqbravo'));
    routes = placeRoutes(LEAKY, sweep.problems);
    expect(sweep.problems.splice(0)).toEqual([]);
  }, 60_000);

  const problemsOf = (route: AnyRoute) => sweep.problems.filter((p) => p.startsWith(`${keyOf(route)} `));

  it("names a read that shows A's rows, A's count or A's figures, and passes the honest one", async () => {
    await ownReads(sweep, routes);
    expect(problemsOf(everyonesProjects).some((p) => p.includes("shows company A's marker"))).toBe(true);
    expect(problemsOf(everyonesCount).some((p) => /X-Total-Count \d+ counts rows the answer \(\d+\) does not hold/.test(p))).toBe(true);
    expect(problemsOf(everyonesTotals).some((p) => p.includes("shows company A's figure 48733.1 (A's unit price × 10)"))).toBe(true);
    expect(problemsOf(ownCount)).toEqual([]);
  });

  it("names a path that takes A's child under B's parent", async () => {
    sweep.problems.length = 0;
    await mixedPaths(sweep, routes);
    expect(sweep.problems).toEqual([expect.stringMatching(/^GET \/leaky\/projects\/:projectId\/budgets\/:budgetId as Zqbravo owner with A's budgetId under B's other ids .*: expected a refusal \(404\), got 200/)]);
  });
});
