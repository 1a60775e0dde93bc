import { z } from 'zod';
import { allRoutes } from '../../server/modules/index.js';
import { describeEachDatabase } from './harness.js';
import { keyOf, type AnyRoute } from './tenant-kinds.js';
import { ODD_PRICES } from './tenant-leaks.js';
import { foreignBodyIds, foreignCompanyHeader, foreignPaths, mixedPaths, ownReads, startSweep, type Sweep } from './tenant-passes.js';
import { placeRoutes } from './tenant-routes.js';
import { seedTenant } from './tenant-seed.js';

/**
 * One sweep of every route in `allRoutes` against tenant isolation. Company A holds a row of every
 * kind a route can name, with odd amounts; company B's owner and its plain member (X-Company-Id: B)
 * then (tests/api/tenant-passes.ts):
 *   1. call every route whose path names a row with A's ids: refused (404; 403 only from a route
 *      that is not company-bound, for lack of a permission; 400 for a token that is no invitation);
 *   2. call every route naming two rows or more with B's rows but one of A's (B's project, A's
 *      budget): refused;
 *   3. read B's own rows and lists, and search for A's names: nothing of A's in the answer;
 *   4. send A's ids in the id fields of every body (B's own rows everywhere else): refused, while
 *      the same body with B's ids succeeds;
 *   5. call every route with B's own ids but X-Company-Id: A: refused.
 * "Nothing of A's" is tenant-leaks.ts: A's marker, A's figures (its amounts and what its quantities
 * make of them) and a list total counting rows the answer does not hold; tests/api/tenant-leaks.test.ts
 * proves the passes catch a route leaking each. After each route, A's rows in every table must be
 * exactly as before. A route whose path param, body id field or table the sweep cannot place fails
 * it with what to add, so a new route is swept as soon as it is listed.
 */

describeEachDatabase("tenant isolation: every route, with another company's ids", (server) => {
  let sweep: Sweep;
  let routes: AnyRoute[];
  const problems = () => sweep.problems.splice(0);
  beforeAll(async () => {
    const s = server();
    const a = await seedTenant(s, 'Zqalpha', ODD_PRICES);
    const b = await seedTenant(s, 'Zqbravo');
    sweep = await startSweep(s, a, b);
    routes = placeRoutes(allRoutes, sweep.problems);
  }, 60_000);

  it('places every route, body id field and table', () => expect(problems()).toEqual([]));

  it("refuses A's rows in the path, to B's owner and plain member", { timeout: 60_000 }, async () => {
    await foreignPaths(sweep, routes);
    expect(problems()).toEqual([]);
  });

  it("refuses A's row under B's parent row, for every route naming two rows or more", { timeout: 60_000 }, async () => {
    await mixedPaths(sweep, routes);
    expect(problems()).toEqual([]);
  });

  it("shows none of A's rows, figures or counts in B's own reads and searches", { timeout: 60_000 }, async () => {
    await ownReads(sweep, routes);
    expect(problems()).toEqual([]);
  });

  it("refuses A's ids in every body id field, while B's own succeed", { timeout: 60_000 }, async () => {
    await foreignBodyIds(sweep, routes);
    expect(problems()).toEqual([]);
  });

  it("refuses every route acting in A through X-Company-Id", { timeout: 60_000 }, async () => {
    await foreignCompanyHeader(sweep, routes);
    expect(problems()).toEqual([]);
  });
});

describe('tenant isolation: a route the sweep cannot place fails it', () => {
  it('names what to add for an unknown path param, a missing body and an unmapped body id field', () => {
    const route = (method: 'GET' | 'POST', url: string, body?: z.ZodType) =>
      ({ method, url, access: { permission: 'projects:view' }, summary: '', tags: [], body, handler: async () => undefined }) as AnyRoute;
    const problems: string[] = [];
    const placed = placeRoutes(
      [
        route('GET', '/widgets/:id'),
        route('POST', '/companies/:companyId/widgets', z.object({ name: z.string() })),
        route('POST', '/crews/:id/widgets', z.object({ gadgetId: z.number(), budgetCents: z.number() })),
        route('GET', '/crews/:id'),
      ],
      problems,
    );
    expect(placed.map(keyOf)).toEqual(['GET /crews/:id']);
    expect(problems).toEqual([
      'add a mapping for GET /widgets/:id: param id names no known kind of row (PARAM_KINDS, ID_BY_ROOT or TOKEN_BY_ROOT)',
      'add a body for POST /companies/:companyId/widgets (BODIES): the sweep sends valid bodies',
      'add a body mapping for POST /crews/:id/widgets field gadgetId (BODY_REFERENCES, or NOT_REFERENCES with why)',
      'add a body mapping for POST /crews/:id/widgets field budgetCents (BODY_REFERENCES, or NOT_REFERENCES with why)',
      'add a body for POST /crews/:id/widgets (BODIES): the sweep sends valid bodies',
    ]);
  });
});
