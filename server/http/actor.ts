import type { FastifyRequest } from 'fastify';
import type { AccessProfile, RolePermission } from '../../permissions/index.js';
import { idParam } from '../../resources/id.js';
import type { Db } from '../db/index.js';
import type { UsersTable } from '../db/schema.js';
import { parseJson } from '../lib/json.js';
import type { TokenSigner } from '../lib/tokens.js';
import { badRequest, forbidden } from './errors.js';

export type UserRow = Omit<UsersTable, 'id'> & { id: number };

export interface ActiveMembership {
  id: number;
  companyId: number;
  roleId: number;
  roleName: string;
  permissions: RolePermission[];
}

/** The signed-in person a request acts for, and the company it acts in. */
export interface Actor {
  user: UserRow;
  sessionId: string;
  membership: ActiveMembership | null;
  profile: AccessProfile;
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


/**
 * Resolves the session and the active company: the X-Company-Id header when sent, else the user's
 * default company, else their first membership. A company the user is not an accepted member of is refused.
 */
export async function resolveActor(db: Db, signer: TokenSigner, req: FastifyRequest): Promise<Actor | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const claims = await signer.verify(token);
  if (!claims) return null;
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select(['s.expires_at', 's.revoked_at'])
    .where('s.id', '=', claims.sessionId)
    .where('s.user_id', '=', claims.userId)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= new Date().toISOString()) return null;
  const { expires_at: _e, revoked_at: _r, ...user } = row;

  const memberships = await acceptedMemberships(db, user.id);
  const header = req.headers['x-company-id'];
  let wanted: number | undefined;
  if (header !== undefined) {
    const parsed = idParam().safeParse(header);
    if (!parsed.success) throw badRequest('X-Company-Id must be a company id');
    wanted = parsed.data;
  } else {
    wanted = parseJson<{ defaultCompanyId?: number }>(user.settings, {}).defaultCompanyId;
  }
  let active = memberships.find((m) => m.company_id === wanted);
  if (header !== undefined && !active) throw forbidden('You are not a member of that company');
  active ??= memberships[0];

  const membership: ActiveMembership | null = active
    ? {
        id: active.id,
        companyId: active.company_id,
        roleId: active.role_id,
        roleName: active.role_name,
        permissions: parseJson<RolePermission[]>(active.permissions, []),
      }
    : null;
  const inCrew = membership
    ? !!(await db
        .selectFrom('crew_members')
        .select('crew_id')
        .where('membership_id', '=', membership.id)
        .limit(1)
        .executeTakeFirst())
    : false;

  return {
    user,
    sessionId: claims.sessionId,
    membership,
    profile: {
      signedIn: true,
      hasMembership: !!membership,
      roleName: membership?.roleName ?? null,
      inCrew,
      rolePermissions: membership?.permissions ?? [],
      selfPermissions: parseJson<string[]>(user.permissions, []),
    },
  };
}
