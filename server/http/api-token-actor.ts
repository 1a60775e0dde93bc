import type { FastifyRequest } from 'fastify';
import { holds, type RolePermission } from '../../permissions/index.js';
import { API_TOKEN_PREFIX, tokenPermissionsNow } from '../../resources/api-token.js';
import type { Db } from '../db/index.js';
import type { ReadCache } from '../db/read-cache.js';
import { parseJson } from '../lib/json.js';
import { hashToken } from '../lib/tokens.js';
import type { ActiveMembership, Actor, UserRow } from './actor.js';
import { notFound } from './errors.js';

/** The API token a request came with: what the route and the audit trail need of it. */
export interface ApiTokenActor {
  id: number;
  name: string;
  companyId: number;
  /** The one project the token is limited to, or null for the whole company. */
  projectId: number | null;
}

/** A token, its creator and the creator's standing in the token's company, as one read (cached). */
interface TokenSnapshot {
  token: ApiTokenActor & { permissions: string; expiresAt: string | null; revoked: boolean };
  user: UserRow;
  membership: Omit<ActiveMembership, 'permissions'> & { permissions: RolePermission[] };
}

export const isApiTokenSecret = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/**
 * The token by its secret's hash, with its creator and the creator's accepted membership in the
 * token's company (null when there is none: a removed creator's tokens stop working). Kept in the
 * read cache, which any write to these tables drops, so a revocation or a demotion counts at once.
 */
async function loadToken(db: Db, hash: string): Promise<TokenSnapshot | null> {
  const row = await db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.created_by')
    .innerJoin('companies as c', (join) => join.onRef('c.id', '=', 't.company_id').on('c.deleted_at', 'is', null))
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 't.created_by').onRef('m.company_id', '=', 't.company_id').on('m.status', '=', 'accepted').on('m.type', '=', 'company'),
    )
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .selectAll('u')
    .select((eb) => [
      't.id as token_id',
      't.name as token_name',
      't.company_id as token_company_id',
      't.project_id as token_project_id',
      't.permissions as token_permissions',
      't.expires_at as token_expires_at',
      't.revoked_at as token_revoked_at',
      'm.id as membership_id',
      'm.role_id as membership_role_id',
      'r.name as role_name',
      'r.permissions as role_permissions',
      eb.exists(eb.selectFrom('crew_members as cm').select('cm.crew_id').whereRef('cm.membership_id', '=', 'm.id')).as('in_crew'),
    ])
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return null;
  const {
    token_id,
    token_name,
    token_company_id,
    token_project_id,
    token_permissions,
    token_expires_at,
    token_revoked_at,
    membership_id,
    membership_role_id,
    role_name,
    role_permissions,
    in_crew,
    ...user
  } = row;
  return {
    token: {
      id: token_id,
      name: token_name,
      companyId: token_company_id,
      projectId: token_project_id,
      permissions: token_permissions,
      expiresAt: token_expires_at === null ? null : new Date(token_expires_at).toISOString(),
      revoked: token_revoked_at !== null,
    },
    user: user as UserRow,
    membership: {
      id: membership_id,
      companyId: token_company_id,
      roleId: membership_role_id,
      roleName: role_name,
      permissions: parseJson<RolePermission[]>(role_permissions, []),
      inCrew: !!in_crew,
    },
  };
}

/** At most one last-used write per token per this long, per process. */
const LAST_USED_EVERY_MS = 60_000;
/** Per database (a process may hold several in tests), token id → when its last use was written. */
const lastWrites = new WeakMap<Db, Map<number, number>>();

/** Records the token's use, at most once a minute: a busy integration must not write per request. */
function touch(db: Db, tokenId: number, log: FastifyRequest['log']) {
  const now = Date.now();
  let lastWritten = lastWrites.get(db);
  if (!lastWritten) lastWrites.set(db, (lastWritten = new Map()));
  if ((lastWritten.get(tokenId) ?? 0) > now - LAST_USED_EVERY_MS) return;
  lastWritten.set(tokenId, now);
  if (lastWritten.size > 10_000) lastWritten.delete(lastWritten.keys().next().value!);
  db.updateTable('api_tokens')
    .set({ last_used_at: new Date(now).toISOString() })
    .where('id', '=', tokenId)
    .execute()
    .catch((err: unknown) => log.warn({ err, tokenId }, 'api token last use not recorded'));
}

/**
 * The actor of a request carrying an API token: its creator's user, in the token's company only,
 * with the token's permissions cut to what the creator's role holds now and no account-level
 * (self:) permissions. Null (401) for an unknown, revoked or expired token, or a creator no longer
 * in the company. An X-Company-Id naming another company is a 404.
 */
export async function apiTokenActor(db: Db, cache: ReadCache, req: FastifyRequest, secret: string, headerCompanyId: number | undefined): Promise<Actor | null> {
  const hash = hashToken(secret);
  const found = await cache.get(`api-token:${hash}`, () => loadToken(db, hash));
  if (!found || found.token.revoked) return null;
  if (found.token.expiresAt !== null && found.token.expiresAt <= new Date().toISOString()) return null;
  if (headerCompanyId !== undefined && headerCompanyId !== found.token.companyId) throw notFound('Company');
  const { token, user, membership: creator } = found;
  const creatorProfile = { signedIn: true, hasMembership: true, roleName: creator.roleName, inCrew: creator.inCrew, rolePermissions: creator.permissions, selfPermissions: [] };
  const permissions = tokenPermissionsNow(parseJson<RolePermission[]>(token.permissions, []), (p) => holds(creatorProfile, p));
  const membership: ActiveMembership = { ...creator, permissions };
  touch(db, token.id, req.log);
  return {
    user,
    sessionId: `api-token:${token.id}`,
    memberships: [membership],
    membership,
    profile: { ...creatorProfile, rolePermissions: permissions },
    apiToken: { id: token.id, name: token.name, companyId: token.companyId, projectId: token.projectId },
  };
}
