import type { FastifyReply } from 'fastify';
import { holds } from '../../../permissions/index.js';
import {
  API_TOKEN_HINT_LENGTH,
  API_TOKEN_LIMIT,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  apiTokenStatus,
  type ApiToken,
  type ApiTokenCreated,
  type CreateApiTokenInput,
} from '../../../resources/api-token.js';
import type { Executor, Trx } from '../../db/index.js';
import type { Actor } from '../../http/actor.js';
import type { CompanyMembership } from '../../http/company-access.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { membersWithPermission, notifyMembers } from '../../lib/notify.js';
import { nowIso, parseJson } from '../../lib/json.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { Services } from '../../services.js';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The tokens of a company as the list shows them: never the secret nor its hash. */
async function tokenViews(db: Executor, companyId: number, tokenId?: number): Promise<ApiToken[]> {
  let query = db
    .selectFrom('api_tokens as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .leftJoin('projects as p', 'p.id', 't.project_id')
    .select([
      't.id',
      't.company_id',
      't.name',
      't.hint',
      't.permissions',
      't.project_id',
      'p.project_name',
      't.expires_at',
      't.last_used_at',
      't.created_by',
      'u.name as creator_name',
      't.created_at',
      't.revoked_at',
    ])
    .where('t.company_id', '=', companyId)
    .orderBy('t.id', 'desc');
  if (tokenId !== undefined) query = query.where('t.id', '=', tokenId);
  const rows = await query.execute();
  const now = new Date();
  return rows.map((r) => {
    const view = {
      id: r.id,
      companyId: r.company_id,
      name: r.name,
      hint: r.hint,
      permissions: parseJson<ApiToken['permissions']>(r.permissions, []),
      project: r.project_id === null ? null : { id: r.project_id, name: r.project_name ?? '' },
      expiresAt: iso(r.expires_at),
      lastUsedAt: iso(r.last_used_at),
      createdBy: { id: r.created_by, name: r.creator_name ?? '' },
      createdAt: iso(r.created_at)!,
      revokedAt: iso(r.revoked_at),
    };
    return { ...view, status: apiTokenStatus(view, now) };
  });
}

/** GET /companies/{id}/api-tokens: every token of the company, newest first, revoked ones too. */
export const listApiTokens = (services: Services, company: CompanyMembership) => tokenViews(services.db, company.companyId);

/**
 * POST /companies/{id}/api-tokens: a new token, never carrying a permission its creator does not
 * hold in the company; the secret is answered this once (marked no-store, so neither a cache nor
 * the Idempotency-Key store keeps it) and only its sha256 is kept.
 */
export async function createApiToken(services: Services, actor: Actor, company: CompanyMembership, input: CreateApiTokenInput, reply: FastifyReply): Promise<ApiTokenCreated> {
  for (const p of input.permissions) {
    const permission = `${p.resourceType}:${p.action}`;
    if (!holds(company.profile, permission)) throw badRequest(API_TOKEN_MESSAGES.beyondCreator(permission), [{ field: 'permissions', message: API_TOKEN_MESSAGES.beyondCreator(permission) }]);
  }
  // One entry per resource type: the strongest asked for (manage includes view).
  const permissions = [...new Map(input.permissions.map((p) => [p.resourceType, p])).values()].map((p) => ({
    resourceType: p.resourceType,
    action: input.permissions.some((q) => q.resourceType === p.resourceType && q.action === 'manage') ? ('manage' as const) : ('view' as const),
  }));
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  if (expiresAt !== null && expiresAt <= nowIso()) throw badRequest(API_TOKEN_MESSAGES.expiresInPast, [{ field: 'expiresAt', message: API_TOKEN_MESSAGES.expiresInPast }]);
  const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  const id = await services.db.transaction().execute(async (trx) => {
    if (input.projectId) {
      const project = await trx.selectFrom('projects').select('id').where('id', '=', input.projectId).where('company_id', '=', company.companyId).executeTakeFirst();
      if (!project) throw badRequest(API_TOKEN_MESSAGES.project, [{ field: 'projectId', message: API_TOKEN_MESSAGES.project }]);
    }
    const held = await trx.selectFrom('api_tokens').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', company.companyId).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(held.n) >= API_TOKEN_LIMIT) throw conflict(API_TOKEN_MESSAGES.limit, 'API_TOKEN_LIMIT');
    const created = await trx
      .insertInto('api_tokens')
      .values({
        company_id: company.companyId,
        name: input.name,
        token_hash: hashToken(secret),
        hint: secret.slice(0, API_TOKEN_HINT_LENGTH),
        permissions: JSON.stringify(permissions),
        project_id: input.projectId ?? null,
        created_by: actor.user.id,
        created_at: nowIso(),
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId: actor.user.id, companyId: company.companyId }, {
      entityType: 'api_token',
      entityId: created.id,
      action: 'created',
      after: { name: input.name, permissions: permissions.map((p) => `${p.resourceType}:${p.action}`), projectId: input.projectId ?? null, expiresAt },
    });
    await tellManagers(services, trx, actor, company.companyId, created.id, API_TOKEN_MESSAGES.createdNotice(actor.user.name, input.name));
    return created.id;
  });
  reply.header('cache-control', 'no-store');
  const [view] = await tokenViews(services.db, company.companyId, id);
  return { ...view!, secret };
}

/** DELETE /companies/{id}/api-tokens/{tokenId}: revoked at once (the read cache drops the token on this write). */
export async function revokeApiToken(services: Services, actor: Actor, company: CompanyMembership, tokenId: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const token = await trx.selectFrom('api_tokens').select(['id', 'name', 'revoked_at']).where('id', '=', tokenId).where('company_id', '=', company.companyId).executeTakeFirst();
    if (!token) throw notFound('Token');
    if (token.revoked_at !== null) return;
    const now = nowIso();
    await trx.updateTable('api_tokens').set({ revoked_at: now, revoked_by: actor.user.id }).where('id', '=', tokenId).execute();
    await recordAudit(trx, { userId: actor.user.id, companyId: company.companyId }, { entityType: 'api_token', entityId: tokenId, action: 'revoked', before: { name: token.name } });
    await tellManagers(services, trx, actor, company.companyId, tokenId, API_TOKEN_MESSAGES.revokedNotice(actor.user.name, token.name));
  });
}

/** A token is a key to the company's data: everyone else who manages integrations there hears of one made or revoked. */
async function tellManagers(services: Services, trx: Trx, actor: Actor, companyId: number, tokenId: number, description: string) {
  const recipients = await membersWithPermission(trx, [companyId], 'integrations', 'manage');
  await notifyMembers(services, trx, recipients, actor.user.id, { type: 'api-token', description, entityId: companyId, options: { eventId: tokenId } });
}
