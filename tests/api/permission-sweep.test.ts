import { allows, RESOURCE_TYPES, type AccessProfile, type RolePermission } from '../../permissions/index.js';
import { forbidden } from '../../server/http/errors.js';
import { allRoutes } from '../../server/modules/index.js';
import { describeEachDatabase, registerUser, type TestServer } from './harness.js';
import { BODIES, needsBody } from './tenant-bodies.js';
import { API, keyOf, type AnyRoute, type Caller, type Tenant } from './tenant-kinds.js';
import { excerpt, fillings, paramValues, placeRoutes, send } from './tenant-routes.js';
import { seedTenant } from './tenant-seed.js';

/**
 * Every route that declares a permission (endpoint-access snapshot: `{ permission }`, in the active
 * company or in the company its path names), called from the route table itself with a seeded
 * company's own rows (tenant-seed.ts) by a member whose role:
 *   1. lacks exactly that permission (every other one held), or for a derived rule a member the rule
 *      refuses: 403, whatever the body;
 *   2. holds every permission: anything but 403 (and never a 5xx).
 * The member's role is changed through the roles API between permissions, as an owner would.
 */

/** What a missing permission answers (server/http/route.ts authorize). */
const FORBIDDEN_MESSAGE = forbidden().message;

type PermissionRoute = AnyRoute & { access: { permission: string } };
const permissionOf = (r: AnyRoute) => (typeof r.access === 'object' && r.access.permission ? r.access.permission : null);

/** Every resource type and action but the ones that grant `permission` (manage grants view). */
function allBut(permission: string): RolePermission[] {
  const [resource, action] = permission.split(':');
  return RESOURCE_TYPES.flatMap((type) =>
    (['view', 'manage'] as const).filter((a) => type !== resource || (action === 'manage' ? a !== 'manage' : false)).map((a) => ({ resourceType: type, action: a })),
  );
}

const EVERYTHING: RolePermission[] = RESOURCE_TYPES.map((type) => ({ resourceType: type, action: 'manage' }));
const profile = (roleName: string, rolePermissions: RolePermission[]): AccessProfile => ({ signedIn: true, hasMembership: true, roleName, inCrew: false, rolePermissions, selfPermissions: [] });
/** The tenant's plain member holds the default Member role (productions:view) and is in no crew. */
const PLAIN_MEMBER = profile('Member', [{ resourceType: 'productions', action: 'view' }]);
const SWEEPER = 'Sweeper';

/** Routes that refuse even a member holding every permission, for the document's sake rather than the role's. */
const REFUSED_BY_RULE: Record<string, string> = {
  'POST /invoices/:id/approve': 'the seeded invoice is the company\'s own: only the company billed approves it (tests/api/invoices-flow.test.ts)',
  'POST /invoices/:id/reject': 'the seeded invoice is the company\'s own: only the company billed rejects it (tests/api/invoices-flow.test.ts)',
};

async function sweeperIn(s: TestServer, t: Tenant) {
  const roles = `${API}/roles/company/${t.companyId}`;
  const role = await s.call('POST', roles, { token: t.owner.token, headers: t.owner.headers, body: { name: SWEEPER, permissions: [] } });
  if (role.status !== 201) throw new Error(`sweeper role: ${role.status} ${excerpt(role.body)}`);
  const account = await registerUser(s, { name: 'Sweeper Person' });
  const now = new Date().toISOString();
  await s.services.db
    .insertInto('memberships')
    .values({ user_id: account.user.id, company_id: t.companyId, type: 'company', role_id: role.body.id, status: 'accepted', name: 'Sweeper Person', email: account.email, notification_settings: '{}', created_at: now, updated_at: now })
    .execute();
  const caller: Caller = { name: 'sweeper', token: account.token, headers: t.owner.headers };
  const grant = async (permissions: RolePermission[]) => {
    const res = await s.call('PATCH', `${roles}/${role.body.id}`, { token: t.owner.token, headers: t.owner.headers, body: { permissions } });
    if (res.status !== 200) throw new Error(`granting the sweeper ${JSON.stringify(permissions).slice(0, 200)}: ${res.status} ${excerpt(res.body)}`);
  };
  return { caller, grant };
}

describeEachDatabase('permission sweep: every route that declares a permission', (server) => {
  let t: Tenant;
  let sweeper: Awaited<ReturnType<typeof sweeperIn>>;
  let routes: PermissionRoute[];
  let n = 0;
  beforeAll(async () => {
    t = await seedTenant(server(), 'Zqperm');
    sweeper = await sweeperIn(server(), t);
    const problems: string[] = [];
    routes = placeRoutes(allRoutes.filter(permissionOf), problems, { openByDesign: true }) as PermissionRoute[];
    expect(problems).toEqual([]);
  }, 60_000);

  const call = (route: AnyRoute, caller: Caller) => {
    const [url] = fillings(route.url, (kind) => paramValues(t, kind, t.marker, false));
    return send(server(), route, url!, caller, needsBody(route) ? BODIES[keyOf(route)]!(t, ++n) : null, t);
  };

  it('covers every route that declares one', () => {
    const declared = allRoutes.filter((r) => permissionOf(r) && r.access !== 'public');
    expect(routes.map(keyOf).sort()).toEqual(declared.map(keyOf).sort());
  });

  it('refuses each with 403 to a member lacking its permission', { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    for (const permission of new Set(routes.map((r) => r.access.permission))) {
      const group = routes.filter((r) => r.access.permission === permission);
      const derived = permission.includes(':') ? null : permission;
      // A derived rule is lacked by a member it refuses: the sweeper with no permission, else the plain member.
      const asSweeper = derived ? !allows(profile(SWEEPER, []), derived) : true;
      const lacking = derived ? (asSweeper ? [] : null) : allBut(permission);
      if (lacking) await sweeper.grant(lacking);
      const caller = asSweeper ? sweeper.caller : t.member;
      const who = asSweeper ? profile(SWEEPER, lacking!) : PLAIN_MEMBER;
      if (allows(who, permission)) throw new Error(`no member at hand lacks ${permission}`);
      for (const route of group) {
        const res = await call(route, caller);
        if (res.status !== 403) problems.push(`${keyOf(route)} (${permission}) as ${caller.name} without it: expected 403, got ${res.status} ${excerpt(res.body)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lets a member holding every permission through (not 403, never 5xx)', { timeout: 60_000 }, async () => {
    await sweeper.grant(EVERYTHING);
    const problems: string[] = [];
    // Deletes last, the company's own last of all, so the calls before them still find the rows.
    const order = (r: AnyRoute) => (r.method === 'DELETE' ? (r.url.startsWith('/companies/:id') ? 2 : 1) : 0);
    for (const route of [...routes].sort((x, y) => order(x) - order(y))) {
      if (!allows(profile(SWEEPER, EVERYTHING), route.access.permission)) throw new Error(`the sweeper cannot hold ${route.access.permission}`);
      const res = await call(route, sweeper.caller);
      const byRule = REFUSED_BY_RULE[keyOf(route)] && res.status === 403 && res.body?.error?.message !== FORBIDDEN_MESSAGE;
      if ((res.status === 403 && !byRule) || res.status >= 500) problems.push(`${keyOf(route)} (${route.access.permission}) with every permission: got ${res.status} ${excerpt(res.body)}`);
    }
    expect(problems).toEqual([]);
  });
});
