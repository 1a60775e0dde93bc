import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { liveChannel, SOCKET_EVENTS, SOCKET_ID_HEADER, SOCKET_ID_PATTERN, type LiveEvent } from '../../resources/realtime.js';
import type { Db } from '../db/index.js';
import { trackWrites } from '../db/table-watch.js';
import type { Services } from '../services.js';
import { RESOURCE_SEGMENTS, TABLE_RESOURCES } from './live-resources.js';

const touchedProjects = new AsyncLocalStorage<Set<number>>();

/**
 * Notes that the request acts on this project (called where project, production and invoice access
 * is decided), so its live events also reach the project's other companies.
 */
export function noteProject(projectId: number | null | undefined) {
  if (projectId) touchedProjects.getStore()?.add(projectId);
}

const MUTATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * Runs a request's work; when it is a change that succeeded, publishes one LiveEvent per Refine
 * resource whose tables it wrote, with ids only, to the companies that see those rows. The hub sends
 * them once the request has finished (after its commits).
 */
export async function withLiveEvents<T>(services: Services, req: FastifyRequest, reply: FastifyReply, routeUrl: string, work: () => Promise<T>): Promise<T> {
  if (!MUTATING.has(req.method)) return work();
  const projects = new Set<number>();
  const { value, tables } = await touchedProjects.run(projects, () => trackWrites(work));
  // A handler may answer an error itself instead of throwing.
  if (reply.statusCode >= 400) return value;
  const events = liveEventsFor(req.method, routeUrl, (req.params ?? {}) as Record<string, unknown>, tables);
  if (!events.length) return value;
  const acting = req.company?.companyId ?? req.actor?.membership?.companyId ?? null;
  const socketHeader = req.headers[SOCKET_ID_HEADER];
  const exceptSocketId = typeof socketHeader === 'string' && SOCKET_ID_PATTERN.test(socketHeader) ? socketHeader : undefined;
  const related = events.some((e) => e.audience === 'project') && projects.size ? await relatedCompanies(services.db, [...projects]) : [];
  for (const { event, audience } of events) {
    const companyIds = [...new Set([...(acting ? [acting] : []), ...(audience === 'project' ? related : [])])];
    if (companyIds.length) services.realtime.publish({ companyIds }, SOCKET_EVENTS.live, event, { exceptSocketId });
  }
  return value;
}

/**
 * The events a change makes: per resource, the row the path names (the param after the resource's
 * word in the route, `/tasks/:id`) or, when it names none, no ids (every view of the resource
 * refetches). Deleting the row the path ends at is `deleted`; creating where the path names no row
 * of the resource is `created`; anything else `updated`.
 */
export function liveEventsFor(method: string, routeUrl: string, params: Record<string, unknown>, tables: Iterable<string>) {
  const byResource = new Map<string, 'company' | 'project'>();
  for (const table of tables) {
    const entry = TABLE_RESOURCES[table];
    if (!entry) continue;
    for (const r of entry.resources) if (byResource.get(r) !== 'project') byResource.set(r, entry.audience);
  }
  const segments = routeUrl.split('/').filter(Boolean);
  const date = new Date().toISOString();
  return [...byResource].map(([resource, audience]) => {
    const words = [resource, ...(RESOURCE_SEGMENTS[resource] ?? [])];
    let at = -1;
    segments.forEach((s, i) => {
      const next = segments[i + 1];
      if (words.includes(s) && next?.startsWith(':') && next !== ':companyId') at = i + 1;
    });
    const param = at >= 0 ? segments[at]!.slice(1) : null;
    const id = param ? params[param] : undefined;
    const ids = id === undefined || id === null ? [] : [id as string | number];
    const type: LiveEvent['type'] =
      method === 'DELETE' && (!ids.length || at === segments.length - 1) ? 'deleted' : method === 'POST' && !ids.length ? 'created' : 'updated';
    const event: LiveEvent = { channel: liveChannel(resource), type, payload: { ids }, date };
    return { event, audience };
  });
}

/** The companies related to the projects: owner, client, the parent project's owner, crew companies. */
async function relatedCompanies(db: Db, projectIds: number[]): Promise<number[]> {
  const [projects, crews] = await Promise.all([
    db
      .selectFrom('projects as p')
      .leftJoin('projects as pp', 'pp.id', 'p.parent_id')
      .select(['p.company_id', 'p.client_id', 'pp.company_id as parent_company_id'])
      .where('p.id', 'in', projectIds)
      .execute(),
    db.selectFrom('project_crew_companies').select('company_id').where('project_id', 'in', projectIds).execute(),
  ]);
  const ids = [...projects.flatMap((p) => [p.company_id, p.client_id, p.parent_company_id]), ...crews.map((c) => c.company_id)];
  return [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
}
