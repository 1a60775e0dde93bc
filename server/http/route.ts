import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { holds } from '../../permissions/index.js';
import type { Services } from '../services.js';
import { resolveActor, type Actor } from './actor.js';
import { forbidden, unauthorized } from './errors.js';

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
  /** A member whose role (or own list, for self: strings) holds the permission. */
  | { permission: string };

type Infer<T> = T extends ZodType ? z.output<T> : undefined;

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

interface RouteDefBase<TB, TQ, TP> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  body?: TB;
  query?: TQ;
  params?: TP;
  /** Counts against the strict per-IP limit for credential endpoints. */
  rateLimited?: boolean;
  status?: number;
}

export type RouteDef<TB = unknown, TQ = unknown, TP = unknown> =
  | (RouteDefBase<TB, TQ, TP> & {
      access: 'public';
      handler: (ctx: RouteContext<Infer<TB>, Infer<TQ>, Infer<TP>> & { actor: Actor | null }) => Promise<unknown>;
    })
  | (RouteDefBase<TB, TQ, TP> & {
      access: Exclude<RouteAccess, 'public'>;
      handler: (ctx: ActorContext<Infer<TB>, Infer<TQ>, Infer<TP>>) => Promise<unknown>;
    });

/** Identity helper that keeps the body, query and params types flowing into the handler. */
export function defineRoute<TB extends ZodType | undefined = undefined, TQ extends ZodType | undefined = undefined, TP extends ZodType | undefined = undefined>(
  def: RouteDef<TB, TQ, TP>,
): RouteDef<TB, TQ, TP> {
  return def;
}

export function describeAccess(access: RouteAccess): string {
  return typeof access === 'string' ? access : access.permission;
}

function authorize(access: RouteAccess, actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  if (access === 'user') return actor;
  if (!actor.membership) throw forbidden('You are not a member of any company');
  if (typeof access === 'object' && !holds(actor.profile, access.permission)) throw forbidden();
  return actor;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function registerRoutes(app: FastifyInstance, services: Services, routes: RouteDef<any, any, any>[]) {
  app.decorateRequest('actor', null);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const def of routes) {
    typed.route({
      method: def.method,
      url: def.url,
      config: def.rateLimited ? { rateLimit: services.authRateLimit } : {},
      schema: {
        summary: def.summary,
        tags: def.tags,
        description: `Access: ${describeAccess(def.access)}`,
        ...(def.body ? { body: def.body } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.params ? { params: def.params } : {}),
      },
      // The session is checked before the body is even parsed: no valid session, no 400 either.
      onRequest: async (req) => {
        req.actor = await resolveActor(services.db, services.signer, req);
        if (def.access !== 'public') authorize(def.access, req.actor);
      },
      handler: async (req, reply) => {
        const base = { body: req.body, query: req.query, params: req.params, req, reply, services };
        const result =
          def.access === 'public'
            ? await def.handler({ ...base, actor: req.actor })
            : await def.handler({ ...base, actor: req.actor! });
        if (reply.sent) return reply;
        if (def.status) reply.code(def.status);
        if (result === undefined) return reply.code(def.status ?? 204).send();
        return result;
      },
    });
  }
}
