import { allows, RESOURCE_TYPES, type AccessProfile, type RolePermission } from '../../permissions/index.js';
import { API_TOKEN_MESSAGES } from '../../resources/api-token.js';
import { tokenRefusal } from '../../server/http/route.js';
import { hashToken, randomToken } from '../../server/lib/tokens.js';
import { allRoutes } from '../../server/modules/index.js';
import { describeEachDatabase, type TestServer } from './harness.js';
import { BODIES, needsBody } from './tenant-bodies.js';
import { keyOf, type AnyRoute, type Caller, type Tenant } from './tenant-kinds.js';
import { excerpt, fillings, paramValues, placeRoutes, send } from './tenant-routes.js';
import { seedTenant } from './tenant-seed.js';

/**
 * The route table swept with API tokens (issue 23), as permission-sweep.test.ts sweeps it with
 * sessions: a seeded company's owner (who holds everything) mints tokens, and
 *   1. a token lacking exactly a route's permission (every other one carried) gets 403;
 *   2. a token carrying every permission gets 403 with the token message on each route refused to
 *      tokens (tokenRefusal: 'user' routes and the session-only ones), and elsewhere anything but
 *      403 and never a 5xx;
 *   3. a project-scoped token carrying everything gets 403 everywhere but its project's routes, and
 *      404 on another project's.
 * Tokens are written straight into the table (a company may hold only 50 through the API).
 */

type PermissionRoute = AnyRoute & { access: { permission: string } };
const permissionOf = (r: AnyRoute) => (typeof r.access === 'object' && r.access.permission ? r.access.permission : null);

const EVERYTHING: RolePermission[] = RESOURCE_TYPES.map((type) => ({ resourceType: type, action: 'manage' }));
function allBut(permission: string): RolePermission[] {
  const [resource, action] = permission.split(':');
  return RESOURCE_TYPES.flatMap((type): RolePermission[] =>
    type !== resource ? [{ resourceType: type, action: 'manage' as const }] : action === 'manage' ? [{ resourceType: type, action: 'view' as const }] : [],
  );
}
/** What the owner's token holds: the owner's role name, the token's permissions, no self: ones. */
const tokenProfile = (rolePermissions: RolePermission[]): AccessProfile => ({ signedIn: true, hasMembership: true, roleName: 'Owner', inCrew: false, rolePermissions, selfPermissions: [] });

describeEachDatabase('API token sweep: the route table with tokens', (server) => {
  let t: Tenant;
  let ownerId: number;
  let otherProject: number;
  let n = 0;

  async function mint(s: TestServer, permissions: RolePermission[], projectId: number | null = null): Promise<Caller> {
    const secret = `fwk_${randomToken(32)}`;
    await s.services.db
      .insertInto('api_tokens')
      .values({ company_id: t.companyId, name: `Sweep ${++n}`, token_hash: hashToken(secret), hint: secret.slice(0, 8), permissions: JSON.stringify(permissions), project_id: projectId, created_by: ownerId, created_at: new Date().toISOString() })
      .execute();
    // No X-Company-Id: a token acts in its own company.
    return { name: `token ${n}`, token: secret, headers: {} };
  }

  const call = (route: AnyRoute, caller: Caller, url?: string) => {
    const [filled] = fillings(route.url, (kind) => paramValues(t, kind, t.marker, false));
    return send(server(), route, url ?? filled!, caller, needsBody(route) ? BODIES[keyOf(route)]!(t, ++n) : null, t);
  };

  let routes: AnyRoute[];
  beforeAll(async () => {
    const s = server();
    t = await seedTenant(s, 'Zqtoken');
    ownerId = (await s.services.db.selectFrom('memberships').select('user_id').where('company_id', '=', t.companyId).where('status', '=', 'accepted').orderBy('id').executeTakeFirstOrThrow()).user_id!;
    const project = await s.call('POST', `/api/v1/companies/${t.companyId}/projects`, { token: t.owner.token, headers: t.owner.headers, body: { projectName: 'Zqtoken other project', code: 'ZQ-OTHER' } });
    if (project.status !== 201) throw new Error(`other project: ${project.status} ${excerpt(project.body)}`);
    otherProject = project.body.id;
    const problems: string[] = [];
    routes = placeRoutes(allRoutes.filter((r) => r.access !== 'public'), problems, { openByDesign: true });
    expect(problems).toEqual([]);
  }, 60_000);

  it('refuses each permission route with 403 to a token lacking its permission', { timeout: 120_000 }, async () => {
    const s = server();
    const problems: string[] = [];
    const guarded = routes.filter((r) => permissionOf(r) && !tokenRefusal(r, false)) as PermissionRoute[];
    let checked = 0;
    for (const permission of new Set(guarded.map((r) => r.access.permission))) {
      const derived = !permission.includes(':');
      // A derived rule is lacked by a token carrying only integrations:view, when the rule refuses that.
      const carried = derived ? [{ resourceType: 'integrations' as const, action: 'view' as const }] : allBut(permission);
      if (allows(tokenProfile(carried), permission)) continue;
      const caller = await mint(s, carried);
      for (const route of guarded.filter((r) => r.access.permission === permission)) {
        const res = await call(route, caller);
        checked++;
        if (res.status !== 403) problems.push(`${keyOf(route)} (${permission}) by a token without it: expected 403, got ${res.status} ${excerpt(res.body)}`);
      }
    }
    expect(problems).toEqual([]);
    // Most of the table declares a permission: the sweep reached it.
    expect(checked).toBeGreaterThan(150);
  });

  it("limits a project-scoped token to its project's routes", { timeout: 120_000 }, async () => {
    const s = server();
    // Before the sweep with every permission, whose deletes remove the tenant's project.
    const project = t.ids.project[0]!;
    const caller = await mint(s, EVERYTHING, project);
    const problems: string[] = [];
    let scopedChecked = 0;
    for (const route of routes.filter((r) => !tokenRefusal(r, false) && r.method === 'GET')) {
      const inProject = /^\/projects\/:id(\/|$)/.test(route.url);
      const res = await call(route, caller);
      scopedChecked++;
      if (!inProject && (res.status !== 403 || res.body?.message !== API_TOKEN_MESSAGES.projectScope)) problems.push(`${keyOf(route)} outside the project: expected 403, got ${res.status} ${excerpt(res.body)}`);
      if (inProject) {
        const [elsewhere] = fillings(route.url.replace('/projects/:id', `/projects/${otherProject}`), (kind) => paramValues(t, kind, t.marker, false));
        const other = await call(route, caller, elsewhere);
        if (other.status !== 404) problems.push(`${keyOf(route)} on another project: expected 404, got ${other.status} ${excerpt(other.body)}`);
      }
    }
    expect(problems).toEqual([]);
  });
  it('refuses the session-only and account routes to a token carrying everything, and lets it through the rest', { timeout: 120_000 }, async () => {
    const s = server();
    const caller = await mint(s, EVERYTHING);
    const problems: string[] = [];
    const refused = routes.filter((r) => tokenRefusal(r, false));
    expect(refused.map(keyOf)).toEqual(expect.arrayContaining(['PATCH /users/me/change-password', 'POST /companies/:id/api-tokens', 'DELETE /companies/:id/api-tokens/:tokenId', 'POST /companies/:id/memberships', 'PATCH /memberships/:id', 'DELETE /memberships/:id', 'GET /users/logout', 'DELETE /companies/:id']));
    for (const route of refused) {
      const res = await call(route, caller);
      if (res.status !== 403 || res.body?.message !== API_TOKEN_MESSAGES.refused) problems.push(`${keyOf(route)}: expected the token refusal, got ${res.status} ${excerpt(res.body)}`);
    }
    // Deletes last, so the calls before them still find the rows.
    const rest = routes.filter((r) => permissionOf(r) && !tokenRefusal(r, false)).sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
    for (const route of rest) {
      const res = await call(route, caller);
      const byRule = (route.url === '/invoices/:id/approve' || route.url === '/invoices/:id/reject') && res.status === 403 && res.body?.message !== API_TOKEN_MESSAGES.refused;
      if ((res.status === 403 && !byRule) || res.status === 401 || res.status >= 500) problems.push(`${keyOf(route)} with every permission: got ${res.status} ${excerpt(res.body)}`);
    }
    expect(problems).toEqual([]);
  });

});
