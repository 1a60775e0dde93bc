import { z } from 'zod';
import { ACTIONS, RESOURCE_TYPES, type RolePermission } from '../permissions/index.js';
import { id, idParam } from './id.js';
import { text } from './text.js';

/**
 * API tokens (issue 23): a company's credentials for integrations. A token carries a name, the
 * permissions it was given (never more than its creator held), an optional expiry and an optional
 * project; its secret is shown once and only its hash is kept.
 */

/** Every secret starts with this, so a token is told from a session token (a JWT) at a glance. */
export const API_TOKEN_PREFIX = 'fwk_';
/** Characters of the secret the list shows, prefix included, so people can tell their tokens apart. */
export const API_TOKEN_HINT_LENGTH = API_TOKEN_PREFIX.length + 4;
/** Tokens a company may hold (revoked ones excepted). */
export const API_TOKEN_LIMIT = 50;

export const API_TOKEN_MESSAGES = {
  name: 'Name the token',
  nameLength: 'The name must be at most 80 characters',
  permissions: 'Give the token at least one permission',
  beyondCreator: (permission: string) => `You cannot give a token ${permission}: you do not hold it yourself`,
  expiresInPast: 'The expiry must be in the future',
  project: 'Project not found',
  limit: `A company can hold at most ${API_TOKEN_LIMIT} tokens: revoke one first`,
  refused: 'API tokens cannot make this call: sign in to do it',
  projectScope: 'This token is limited to one project and cannot make this call',
  revoked: 'This token is already revoked',
  createdNotice: (who: string, name: string) => `${who} created the API token "${name}"`,
  revokedNotice: (who: string, name: string) => `${who} revoked the API token "${name}"`,
} as const;

/** One permission a token carries: a concrete resource type and action (no `_any`, no single resource). */
export const apiTokenPermission = z.strictObject({
  resourceType: z.enum(RESOURCE_TYPES),
  action: z.enum(ACTIONS),
});

export const createApiTokenBody = z.strictObject({
  name: text({ error: API_TOKEN_MESSAGES.name }).trim().min(1, API_TOKEN_MESSAGES.name).max(80, API_TOKEN_MESSAGES.nameLength),
  permissions: z.array(apiTokenPermission).min(1, API_TOKEN_MESSAGES.permissions).max(RESOURCE_TYPES.length * ACTIONS.length),
  /** After this instant the token is refused; null or absent: it lasts until revoked. */
  expiresAt: text({ error: 'Must be an instant (2027-01-31T23:59:59Z)' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, 'Must be an instant (2027-01-31T23:59:59Z)')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be an instant (2027-01-31T23:59:59Z)')
    .nullable()
    .optional(),
  /** The one project the token is limited to; null or absent: the whole company. */
  projectId: id().nullable().optional(),
});
export type CreateApiTokenInput = z.output<typeof createApiTokenBody>;

/** GET, POST /companies/{id}/api-tokens. */
export const apiTokensParams = z.strictObject({ id: idParam() });
/** DELETE /companies/{id}/api-tokens/{tokenId}. */
export const apiTokenParams = z.strictObject({ id: idParam(), tokenId: idParam() });

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

/** A token as the list answers it: never its secret nor its hash. */
export interface ApiToken {
  id: number;
  companyId: number;
  name: string;
  /** The first characters of the secret (`fwk_ab12`), to tell tokens apart. */
  hint: string;
  permissions: Array<z.output<typeof apiTokenPermission>>;
  project: { id: number; name: string } | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  revokedAt: string | null;
  status: ApiTokenStatus;
}

/** What creation answers, once: the token and its secret. */
export interface ApiTokenCreated extends ApiToken {
  secret: string;
}

export const apiTokenStatus = (t: { revokedAt: string | null; expiresAt: string | null }, now = new Date()): ApiTokenStatus =>
  t.revokedAt ? 'revoked' : t.expiresAt && Date.parse(t.expiresAt) <= now.getTime() ? 'expired' : 'active';

/**
 * What a token may do now: each of its permissions as far as its creator still holds it (manage
 * falls to view when the creator only views). `holds` answers for the creator's current role.
 */
export function tokenPermissionsNow(
  tokenPermissions: ReadonlyArray<{ resourceType: string; action: string }>,
  holds: (permission: string) => boolean,
): RolePermission[] {
  return tokenPermissions.flatMap((p): RolePermission[] => {
    const type = p.resourceType as RolePermission['resourceType'];
    if (p.action === 'manage' && holds(`${type}:manage`)) return [{ resourceType: type, action: 'manage' }];
    return holds(`${type}:view`) ? [{ resourceType: type, action: 'view' }] : [];
  });
}

/** "Projects: manage, Tasks: view" for the list. */
export const describeTokenPermissions = (permissions: ApiToken['permissions'], label: (type: string) => string = (t) => t) =>
  permissions.map((p) => `${label(p.resourceType)}: ${p.action}`).join(', ');
