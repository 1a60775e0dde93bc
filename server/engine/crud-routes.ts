import { z } from 'zod';
import { idParam } from '../../resources/id.js';
import type { ResourceDef } from '../../resources/engine.js';
import { defineRoute, type RouteDef } from '../http/route.js';
import { listQuery, sendPage } from '../lib/list-query.js';
import { crudService, type CrudOptions } from './crud-service.js';

const companyParams = z.object({ companyId: idParam() });
const itemParams = z.object({ id: idParam() });

/**
 * The five routes of a company-scoped resource at the spec's paths: list and create under the
 * company, read, update and delete by id, each declaring the permission it needs.
 */
export function crudRoutes(def: ResourceDef, opts: CrudOptions): RouteDef<any, any, any>[] {
  const service = crudService(def, opts);
  const tags = [def.name];
  const { view, manage } = def.permissions;
  return [
    defineRoute({
      method: 'GET',
      url: def.paths.list,
      access: { company: 'companyId' as const, permission: view },
      summary: `${def.label} of a company (paged list)`,
      tags,
      params: companyParams,
      query: listQuery,
      handler: async ({ services, company, query, reply }) => sendPage(reply, await service.list(services, company, query)),
    }),
    defineRoute({
      method: 'POST',
      url: def.paths.create,
      access: { company: 'companyId' as const, permission: manage },
      status: 201,
      summary: `Create a ${def.singular.toLowerCase()}`,
      tags,
      params: companyParams,
      body: def.create,
      handler: ({ services, actor, company, body }) => service.create(services, actor, company, body as Record<string, unknown>),
    }),
    defineRoute({
      method: 'GET',
      url: def.paths.item,
      access: { company: 'id' as const, of: opts.table, permission: view },
      summary: `One ${def.singular.toLowerCase()}`,
      tags,
      params: itemParams,
      handler: ({ services, params }) => service.get(services, params.id),
    }),
    defineRoute({
      method: 'PATCH',
      url: def.paths.item,
      access: { company: 'id' as const, of: opts.table, permission: manage },
      summary: `Update a ${def.singular.toLowerCase()}`,
      tags,
      params: itemParams,
      body: def.update,
      handler: ({ services, actor, company, params, body }) => service.update(services, actor, company, params.id, body as Record<string, unknown>),
    }),
    defineRoute({
      method: 'DELETE',
      url: def.paths.item,
      access: { company: 'id' as const, of: opts.table, permission: manage },
      summary: `Delete a ${def.singular.toLowerCase()}`,
      tags,
      params: itemParams,
      handler: ({ services, actor, company, params }) => service.remove(services, actor, company, params.id),
    }),
  ] as RouteDef<any, any, any>[];
}
