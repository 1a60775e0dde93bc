import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { allows, DERIVED_RULES } from '../../permissions/index.js';
import type { Services } from '../services.js';
import { resolveActor, type Actor } from './actor.js';
import { membershipIn, requirePermissionIn, type CompanyMembership } from './company-access.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from './errors.js';
import { owningCompany, type CompanyOwnedTable } from './owning-company.js';
import { asIdempotentWrite } from './idempotency.js';
import { withDialect } from '../db/dialect-context.js';
import { withLiveEvents } from '../realtime/live-events.js';
import { withApiToken } from '../lib/audit.js';
import { API_TOKEN_MESSAGES } from '../../resources/api-token.js';

/**
 * Who may call an endpoint. Declared on every route and snapshotted by a test, so a change in who
 * can reach what shows up as a reviewed diff.
 */
export type RouteAccess =
  | 'public'
  /** Any signed-in user, with or without a company. */
  | 'user'
  /** A signed-in user with an accepted membership in the active company. */
  | 'member'
  /** A member whose role (or own list, for self: strings) holds the permission, or who passes the derived rule of that name (permissions/ability.ts DERIVED_RULES). */
  | { permission: string; company?: never }
  | CompanyAccess;

/**
 * The company named by a path param, whatever the active company: the caller needs an accepted
 * membership there (else 404, so other tenants stay invisible) and, when given, a role there that
 * grants the permission (else 403).
 */
export interface CompanyAccess<Param extends string = string> {
  company: Param;
  permission?: string;
  /**
   * When set, the param holds the id of a row of this table and the company is the one owning that
   * row (its company_id); a row that does not exist is the same 404 as another tenant's.
   */
  of?: CompanyOwnedTable;
}

type Infer<T> = T extends ZodType ? z.output<T> : undefined;

/** The path params that parse to a number, the only kind that can hold a company id. */
type NumericParam<P> = { [K in keyof P]: P[K] extends number ? K : never }[keyof P] & string;

export interface RouteContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
}

export interface ActorContext<B, Q, P> extends RouteContext<B, Q, P> {
  actor: Actor;
}

export interface CompanyContext<B, Q, P> extends ActorContext<B, Q, P> {
  /** The caller's membership in the company the path names, already checked against the access rule. */
  company: CompanyMembership;
}

interface RouteDefBase<TB, TQ, TP> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  body?: TB;
  query?: TQ;
  params?: TP;
  /**
   * Refused (403) to API tokens whatever their permissions: calls that change passwords, tokens,
   * memberships or sessions, or delete the company. Routes with 'user' access (the person's own
   * account) are refused to tokens too. See tokenRefusal.
   */
  sessionOnly?: true;
  /** Counts against the strict per-IP limit for credential endpoints, or ('public') the one of the pages read without login. */
  rateLimited?: boolean | 'public';
  status?: number;
  /**
   * A GET whose answer depends only on its query and the company (or, for 'user', the caller) keeps
   * its answer in the read cache until a table it read is written. Access is checked on every call.
   */
  cache?: 'company' | 'user';
  /**
   * A check of the caller's right on the row the path names (may they manage this folder?), run
   * with the session and permission checks, before the body is read: a caller without the right
   * gets its 403 or 404, never a 400 about the body. The service checks again in its transaction.
   */
  guard?: (ctx: { services: Services; actor: Actor; params: Infer<TP> }) => Promise<void>;
  /**
   * The row the route writes as its read answers it (GET /production/{id}), sent as `error.current`
   * when the handler refuses with 409 because the row moved on meanwhile. Read after the refused
   * work's transaction ended, so it is what is committed now.
   */
  current?: (ctx: { services: Services; actor: Actor; params: Infer<TP> }) => Promise<unknown>;
}

type HandlerContext<A, B, Q, P> = A extends 'public'
  ? RouteContext<B, Q, P> & { actor: Actor | null }
  : A extends CompanyAccess
    ? CompanyContext<B, Q, P>
    : ActorContext<B, Q, P>;

/** A route whose handler context follows from its access kind. */
type RouteDefFor<A, TB, TQ, TP> = RouteDefBase<TB, TQ, TP> & {
  access: A;
  handler: (ctx: HandlerContext<A, Infer<TB>, Infer<TQ>, Infer<TP>>) => Promise<unknown>;
};

/** A company route may only name a path param that holds a number. */
type AccessFor<TP> = Exclude<RouteAccess, CompanyAccess> | CompanyAccess<NumericParam<Infer<TP>>>;

type CompanyRouteDef<TB, TQ, TP> = RouteDefFor<CompanyAccess<NumericParam<Infer<TP>>>, TB, TQ, TP>;

export type RouteDef<TB = unknown, TQ = unknown, TP = unknown> =
  | RouteDefFor<'public', TB, TQ, TP>
  | RouteDefFor<Exclude<RouteAccess, 'public' | CompanyAccess>, TB, TQ, TP>
  | CompanyRouteDef<TB, TQ, TP>;

/**
 * Identity helper that keeps the body, query and params types flowing into the handler; the access
 * kind is inferred first so the handler's context can depend on it.
 */
export function defineRoute<
  TB extends ZodType | undefined = undefined,
  TQ extends ZodType | undefined = undefined,
  TP extends ZodType | undefined = undefined,
  A extends AccessFor<TP> = AccessFor<TP>,
>(def: RouteDefFor<A, TB, TQ, TP>): RouteDefFor<A, TB, TQ, TP> {
  return def;
}

const isCompanyAccess = (access: RouteAccess): access is CompanyAccess => typeof access === 'object' && access.company !== undefined;

const isCompanyRoute = <TB, TQ, TP>(def: RouteDef<TB, TQ, TP>): def is CompanyRouteDef<TB, TQ, TP> => isCompanyAccess(def.access);

export function describeAccess(access: RouteAccess): string {
  if (typeof access === 'string') return access;
  if (!isCompanyAccess(access)) return DERIVED_RULES[access.permission] ? `${access.permission} (derived: ${DERIVED_RULES[access.permission]!.means})` : access.permission;
  const where = access.of ? `the company of ${access.of} :${access.company}` : `company :${access.company}`;
  return access.permission ? `${access.permission} in ${where}` : `member of ${where}`;
}

function authorize(access: RouteAccess, actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  // A company route checks its own company next, whatever the active one is.
  if (access === 'user' || isCompanyAccess(access)) return actor;
  if (!actor.membership) throw forbidden('You are not a member of any company');
  if (typeof access === 'object' && !allows(actor.profile, access.permission)) throw forbidden();
  return actor;
}

/** Routes under one project (its id is the `id` param): the only ones a project-scoped token may call. */
const PROJECT_ROUTE = /^\/projects\/:id(\/|$)/;

/**
 * Why an API token may not call this route, or null when it may (its permissions are checked
 * next, as a session's). Tokens never reach the person's own account ('user' access) nor the
 * session-only calls; a project-scoped token reaches only its own project's routes.
 */
export function tokenRefusal(def: Pick<RouteDef<any, any, any>, 'access' | 'sessionOnly' | 'url'>, projectScoped: boolean): string | null {
  if (def.access === 'public') return null;
  if (def.sessionOnly || def.access === 'user') return API_TOKEN_MESSAGES.refused;
  if (projectScoped && !PROJECT_ROUTE.test(def.url)) return API_TOKEN_MESSAGES.projectScope;
  return null;
}

/** A project-scoped token names another project: the same 404 as a project it cannot see. */
function checkTokenProject(def: RouteDef<any, any, any>, req: FastifyRequest) {
  const projectId = req.actor?.apiToken?.projectId;
  if (projectId === null || projectId === undefined || def.access === 'public') return;
  if (Number(pathParams(def, req).id) !== projectId) throw notFound('Project');
}

/** Routes that act in the active company: a tab naming a company the caller is not in gets a 404 there. */
const actsInActiveCompany = (access: RouteAccess) => access === 'member' || (typeof access === 'object' && !isCompanyAccess(access));

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    company: CompanyMembership | null;
  }
}

/**
 * The caller's membership in the company the path names, held to the route's permission if any. Runs
 * before the body is read, so the path params are parsed here; a malformed one is a 400 that names
 * only the param.
 */
function pathParams(def: RouteDef<any, any, any>, req: FastifyRequest): Record<string, unknown> {
  const parsed = def.params ? (def.params as ZodType).safeParse(req.params) : { success: true as const, data: req.params };
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw badRequest(`${field}: ${issue.message}`, [{ field, message: issue.message }]);
  }
  return parsed.data as Record<string, unknown>;
}

async function enterCompany(services: Services, def: CompanyRouteDef<any, any, any>, req: FastifyRequest): Promise<CompanyMembership> {
  const access = def.access;
  const param = pathParams(def, req)[access.company] as number;
  const companyId = access.of ? await owningCompany(services, access.of, param) : param;
  return access.permission ? requirePermissionIn(req.actor!, companyId, access.permission) : membershipIn(req.actor!, companyId);
}

export function registerRoutes(app: FastifyInstance, services: Services, routes: RouteDef<any, any, any>[]) {
  // Per token, not per IP: an integration's calls share one budget wherever they come from.
  const tokenRateLimit = app.rateLimit({ ...services.apiTokenRateLimit, keyGenerator: (req) => `api-token:${req.actor!.apiToken!.id}` });
  app.decorateRequest('actor', null);
  app.decorateRequest('company', null);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const def of routes) {
    typed.route({
      method: def.method,
      url: def.url,
      config: def.rateLimited ? { rateLimit: def.rateLimited === 'public' ? services.publicRateLimit : services.authRateLimit } : {},
      schema: {
        summary: def.summary,
        tags: def.tags,
        description: `Access: ${describeAccess(def.access)}${tokenRefusal(def, false) ? '. Not with an API token' : ''}${def.current ? '. A 409 (the row moved on meanwhile) carries error.current: the row as its read answers it now' : ''}`,
        ...(def.body ? { body: def.body } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.params ? { params: def.params } : {}),
      },
      // Session, company and permission are all checked before the body is even read: a caller
      // without the right gets 401/404/403 and never learns the body's schema from a 400.
      onRequest: async (req, reply) => {
        req.actor = await resolveActor(services.db, services.signer, services.readCache, req, actsInActiveCompany(def.access));
        if (def.access === 'public') return;
        if (req.actor?.apiToken) {
          const refusal = tokenRefusal(def, req.actor.apiToken.projectId !== null);
          if (refusal) throw forbidden(refusal);
          if (!def.rateLimited) await tokenRateLimit.call(app, req, reply);
          checkTokenProject(def, req);
        }
        authorize(def.access, req.actor);
        if (isCompanyRoute(def)) req.company = await enterCompany(services, def, req);
        if (def.guard) await withDialect(services.dialect, () => def.guard!({ services, actor: req.actor!, params: pathParams(def, req) }));
      },
      handler: (req, reply) =>
        withDialect(services.dialect, () =>
          withApiToken(req.actor?.apiToken?.name, () =>
            asIdempotentWrite(services, req, () =>
              services.realtime.withinRequest(() => withLiveEvents(services, req, reply, def.url, () => handle(def, services, req, reply))),
            ),
          ),
        ),
    });
  }
}

/** The headers a cached answer carries besides its body (sendPage's total). */
const CACHED_HEADERS = ['x-total-count', 'access-control-expose-headers'];

interface CachedAnswer {
  body: string;
  headers: Record<string, string>;
}

async function handle(def: RouteDef<any, any, any>, services: Services, req: FastifyRequest, reply: FastifyReply) {
  if (!def.cache) return answer(def, services, req, reply);
  const scope = def.cache === 'user' ? `u${req.actor!.user.id}` : `c${req.company?.companyId ?? req.actor!.membership?.companyId ?? ''}`;
  const query = req.url.slice(req.url.indexOf('?') + 1 || req.url.length);
  const key = `route:${def.method} ${def.url}:${scope}:${JSON.stringify(req.params)}:${query}`;
  const cached = await services.readCache.get<CachedAnswer>(
    key,
    async () => {
      const result = await answer(def, services, req, reply);
      const headers = Object.fromEntries(CACHED_HEADERS.flatMap((h) => (reply.hasHeader(h) ? [[h, String(reply.getHeader(h))]] : [])));
      return { body: JSON.stringify(result), headers };
    },
    { sizeOf: (a) => a.body.length },
  );
  return reply.headers(cached.headers).type('application/json; charset=utf-8').send(cached.body);
}

/** A 409 of a route that declares `current` carries the row as it is now. */
async function withCurrent(def: RouteDef<any, any, any>, services: Services, req: FastifyRequest, err: unknown): Promise<unknown> {
  if (!def.current || !req.actor || !(err instanceof AppError) || err.statusCode !== 409) return err;
  try {
    err.current = await def.current({ services, actor: req.actor, params: req.params });
  } catch (readError) {
    // The refusal is still the answer: a row the caller can no longer see (404) simply has no current
    // version to show, and any other failure is logged rather than turning the 409 into a 500.
    if (!(readError instanceof AppError)) req.log.error({ err: readError }, 'reading the current version for a 409 failed');
  }
  return err;
}

async function answer(def: RouteDef<any, any, any>, services: Services, req: FastifyRequest, reply: FastifyReply) {
  const base = { body: req.body, query: req.query, params: req.params, req, reply, services };
  const run = () =>
    def.access === 'public'
      ? def.handler({ ...base, actor: req.actor })
      : isCompanyRoute(def)
        ? def.handler({ ...base, actor: req.actor!, company: req.company! })
        : def.handler({ ...base, actor: req.actor! });
  const result = await run().catch(async (err: unknown) => Promise.reject(await withCurrent(def, services, req, err)));
  if (reply.sent) return reply;
  if (def.status) reply.code(def.status);
  if (result === undefined) return reply.code(def.status ?? 204).send();
  return result;
}
