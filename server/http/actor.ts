import type { FastifyRequest } from 'fastify';
import type { AccessProfile, RolePermission } from '../../permissions/index.js';
import { idParam } from '../../resources/id.js';
import type { Db } from '../db/index.js';
import type { UsersTable } from '../db/schema.js';
import { parseJson } from '../lib/json.js';
import type { TokenSigner } from '../lib/tokens.js';
import type { ReadCache } from '../db/read-cache.js';
import { apiTokenActor, isApiTokenSecret, type ApiTokenActor } from './api-token-actor.js';
import { badRequest, notFound } from './errors.js';

export type UserRow = Omit<UsersTable, 'id'> & { id: number };

export interface ActiveMembership {
  id: number;
  companyId: number;
  roleId: number;
  roleName: string;
  permissions: RolePermission[];
  inCrew: boolean;
}

/** The signed-in person a request acts for, and the company it acts in. */
export interface Actor {
  user: UserRow;
  sessionId: string;
  /** Every accepted membership in a company that still exists, oldest first. */
  memberships: ActiveMembership[];
  membership: ActiveMembership | null;
  profile: AccessProfile;
  /** Set when the request came with an API token rather than a session (api-token-actor.ts). */
  apiToken: ApiTokenActor | null;
}

/** A session with what decides its access, as one query reads it (and the cache keeps it). */
interface SessionSnapshot {
  user: UserRow;
  expiresAt: string;
  memberships: ActiveMembership[];
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Every company the user holds an accepted membership in and that still exists, oldest first. */
export function acceptedMemberships(db: Db, userId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['m.id', 'm.company_id', 'm.role_id', 'r.name as role_name', 'r.permissions', 'c.name as company_name'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'accepted')
    .where('m.type', '=', 'company')
    .where('c.deleted_at', 'is', null)
    .orderBy('m.id')
    .execute();
}

/** The session, its user and their accepted memberships with roles and crew flags, in one query. */
async function loadSession(db: Db, sessionId: string, userId: number): Promise<SessionSnapshot | null> {
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').on('m.status', '=', 'accepted').on('m.type', '=', 'company'),
    )
    .leftJoin('companies as c', (join) => join.onRef('c.id', '=', 'm.company_id').on('c.deleted_at', 'is', null))
    .leftJoin('roles as r', 'r.id', 'm.role_id')
    .selectAll('u')
    .select((eb) => [
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
      'm.id as membership_id',
      'c.id as membership_company_id',
      'm.role_id as membership_role_id',
      'r.name as role_name',
      'r.permissions as role_permissions',
      eb
        .exists(eb.selectFrom('crew_members as cm').select('cm.crew_id').whereRef('cm.membership_id', '=', 'm.id'))
        .as('in_crew'),
    ])
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .orderBy('m.id')
    .execute();
  const first = rows[0];
  if (!first || first.session_revoked_at) return null;
  const {
    session_expires_at,
    session_revoked_at: _revoked,
    membership_id: _m,
    membership_company_id: _c,
    membership_role_id: _r,
    role_name: _n,
    role_permissions: _p,
    in_crew: _i,
    ...user
  } = first;
  const memberships: ActiveMembership[] = [];
  for (const row of rows) {
    // A membership of a deleted company, or of a role that is gone, grants nothing.
    if (row.membership_id === null || row.membership_company_id === null || row.role_name === null) continue;
    memberships.push({
      id: row.membership_id,
      companyId: row.membership_company_id,
      roleId: row.membership_role_id!,
      roleName: row.role_name,
      permissions: parseJson<RolePermission[]>(row.role_permissions, []),
      inCrew: !!row.in_crew,
    });
  }
  return { user: user as UserRow, expiresAt: session_expires_at, memberships };
}

export function profileOf(membership: ActiveMembership | null, user: UserRow): AccessProfile {
  return {
    signedIn: true,
    hasMembership: !!membership,
    roleName: membership?.roleName ?? null,
    inCrew: membership?.inCrew ?? false,
    rolePermissions: membership?.permissions ?? [],
    selfPermissions: parseJson<string[]>(user.permissions, []),
  };
}

/** Built once: building a zod schema costs more than the rest of resolving the actor. */
const companyIdHeader = idParam();

/** The company id the X-Company-Id header names, undefined when it is absent. */
function headerCompanyId(req: FastifyRequest): number | undefined {
  const header = req.headers['x-company-id'];
  if (header === undefined) return undefined;
  const parsed = companyIdHeader.safeParse(header);
  if (!parsed.success) throw badRequest('X-Company-Id must be a company id');
  return parsed.data;
}

/**
 * The live session a token names: a valid signature, an unexpired and unrevoked session, its user
 * and accepted memberships. The one rule for every way in (requests and sockets).
 */
export async function sessionForToken(db: Db, signer: TokenSigner, cache: ReadCache, token: string) {
  const claims = await signer.verify(token);
  if (!claims) return null;
  const session = await cache.get(`session:${claims.sessionId}:${claims.userId}`, () => loadSession(db, claims.sessionId, claims.userId));
  if (!session || session.expiresAt <= new Date().toISOString()) return null;
  return { claims, session };
}

/**
 * Resolves the session and the active company: the tab's X-Company-Id header when sent, else the
 * user's default company, else their first membership. When `strict`, a header naming a company the
 * user is not an accepted member of is a 404 (the route acts in that company); otherwise it falls back
 * to the default, so account calls keep working from a tab whose company the user has left.
 */
export async function resolveActor(
  db: Db,
  signer: TokenSigner,
  cache: ReadCache,
  req: FastifyRequest,
  strict: boolean,
): Promise<Actor | null> {
  const token = bearerToken(req);
  if (!token) return null;
  if (isApiTokenSecret(token)) return apiTokenActor(db, cache, req, token, strict ? headerCompanyId(req) : undefined);
  const found = await sessionForToken(db, signer, cache, token);
  if (!found) return null;
  const { claims, session } = found;
  const { user, memberships } = session;

  const wanted = headerCompanyId(req);
  let active = wanted === undefined ? undefined : memberships.find((m) => m.companyId === wanted);
  if (wanted !== undefined && !active && strict) throw notFound('Company');
  if (!active) {
    const defaultId = parseJson<{ defaultCompanyId?: number }>(user.settings, {}).defaultCompanyId;
    active = memberships.find((m) => m.companyId === defaultId) ?? memberships[0];
  }
  const membership = active ?? null;
  return { user, sessionId: claims.sessionId, memberships, membership, profile: profileOf(membership, user), apiToken: null };
}
