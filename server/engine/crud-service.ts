import type { ResourceDef } from '../../resources/engine.js';
import { isForeignKeyViolation, isUniqueViolation } from '../db/constraint-errors.js';
import type { Executor } from '../db/index.js';
import type { Actor } from '../http/actor.js';
import type { CompanyMembership } from '../http/company-access.js';
import { conflict, notFound } from '../http/errors.js';
import type { CompanyOwnedTable } from '../http/owning-company.js';
import { recordAudit } from '../lib/audit.js';
import { nowIso } from '../lib/json.js';
import { parseListQuery, runList, type RawListQuery } from '../lib/list-query.js';
import type { Services } from '../services.js';
import { apiToColumns, listSpecFor, rowToApi } from './resource-sql.js';

export interface CrudOptions {
  table: CompanyOwnedTable;
  /** Rules a schema cannot state (references within the company, no cycles), run inside the write's transaction. */
  beforeWrite?: (ctx: HookContext & { body: Record<string, unknown>; id: number | null }) => Promise<void>;
  /** Refuses a delete with a clear message (the row is still in use), inside the delete's transaction. */
  beforeDelete?: (ctx: HookContext & { id: number }) => Promise<void>;
}

export interface HookContext {
  services: Services;
  /** The write's transaction. */
  db: Executor;
  companyId: number;
}

// Kysely's table types cannot follow a table chosen at run time; the resource declaration is the contract.
type AnyDb = any;

const auditActor = (actor: Actor, company: CompanyMembership) => ({ userId: actor.user.id, companyId: company.companyId });

function translate(def: ResourceDef, err: unknown, body?: Record<string, unknown>): never {
  if (isUniqueViolation(err)) {
    const title = body?.[def.titleField];
    throw conflict(`${def.singular} ${title ? `"${title}" ` : ''}already exists`, 'ALREADY_EXISTS');
  }
  if (isForeignKeyViolation(err)) throw conflict(`This ${def.singular.toLowerCase()} is still in use`, 'IN_USE');
  throw err;
}

async function loadRow(db: Executor, opts: CrudOptions, id: number) {
  const row = await (db as AnyDb).selectFrom(opts.table).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row as Record<string, unknown>;
}

/** Generic company-scoped CRUD: every query is bounded by the company the access check resolved. */
export function crudService(def: ResourceDef, opts: CrudOptions) {
  const spec = listSpecFor(def);
  return {
    async list(services: Services, company: CompanyMembership, query: RawListQuery) {
      const parsed = parseListQuery(spec, query);
      const base = (services.db as AnyDb).selectFrom(`${opts.table} as t`).selectAll('t').where('t.company_id', '=', company.companyId);
      const page = await runList(base, parsed);
      return { rows: (page.rows as Record<string, unknown>[]).map((r) => rowToApi(def, r)), total: page.total };
    },

    async get(services: Services, id: number) {
      return rowToApi(def, await loadRow(services.db, opts, id));
    },

    async create(services: Services, actor: Actor, company: CompanyMembership, body: Record<string, unknown>) {
      const now = nowIso();
      return services.db
        .transaction()
        .execute(async (trx) => {
          await opts.beforeWrite?.({ services, db: trx, companyId: company.companyId, body, id: null });
          const row = await (trx as AnyDb)
            .insertInto(opts.table)
            .values({ ...apiToColumns(def, body), company_id: company.companyId, created_at: now, updated_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
          const view = rowToApi(def, row);
          await recordAudit(trx, auditActor(actor, company), { entityType: def.entityType, entityId: row.id, action: 'created', after: view });
          return view;
        })
        .catch((err) => translate(def, err, body));
    },

    async update(services: Services, actor: Actor, company: CompanyMembership, id: number, body: Record<string, unknown>) {
      return services.db
        .transaction()
        .execute(async (trx) => {
          const before = rowToApi(def, await loadRow(trx, opts, id));
          await opts.beforeWrite?.({ services, db: trx, companyId: company.companyId, body, id });
          const changes = apiToColumns(def, body);
          if (!Object.keys(changes).length) return before;
          const row = await (trx as AnyDb)
            .updateTable(opts.table)
            .set({ ...changes, updated_at: nowIso() })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          const after = rowToApi(def, row);
          await recordAudit(trx, auditActor(actor, company), { entityType: def.entityType, entityId: id, action: 'updated', before, after });
          return after;
        })
        .catch((err) => translate(def, err, body));
    },

    async remove(services: Services, actor: Actor, company: CompanyMembership, id: number) {
      await services.db
        .transaction()
        .execute(async (trx) => {
          const before = rowToApi(def, await loadRow(trx, opts, id));
          await opts.beforeDelete?.({ services, db: trx, companyId: company.companyId, id });
          await (trx as AnyDb).deleteFrom(opts.table).where('id', '=', id).execute();
          await recordAudit(trx, auditActor(actor, company), { entityType: def.entityType, entityId: id, action: 'deleted', before });
        })
        .catch((err) => translate(def, err));
    },
  };
}
