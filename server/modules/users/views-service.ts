import type { Selectable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { UserViewsTable } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../../lib/audit.js';
import { nowIso, parseJson } from '../../lib/json.js';
import type { Services } from '../../services.js';
import type { CreateViewBody, UpdateViewBody } from '../../../resources/user.js';
import type { SavedView } from '../../../resources/user-view.js';

type ViewRow = Pick<Selectable<UserViewsTable>, 'id' | 'type' | 'name' | 'filters' | 'created_at' | 'updated_at'>;

/** A saved grid view as the API answers it, alone and inside the user object. */
export function toView(row: ViewRow): SavedView {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    filters: parseJson<Record<string, unknown>>(row.filters, {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const audited = (row: ViewRow) => ({ type: row.type, name: row.name, filters: parseJson(row.filters, {}) });

/** Another user's view answers exactly like a missing one. */
async function ownView(db: Executor, userId: number, viewId: number) {
  const row = await db.selectFrom('user_views').selectAll().where('id', '=', viewId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('View');
  return row;
}

async function assertNameFree(db: Executor, userId: number, type: string, name: string) {
  const clash = await db
    .selectFrom('user_views')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('name', '=', name)
    .executeTakeFirst();
  if (clash) throw conflict(`A view named "${name}" already exists for this list`, 'VIEW_NAME_TAKEN');
}

/** "View N" with the smallest N no view of this grid uses, so a name left out never clashes. */
async function defaultName(db: Executor, userId: number, type: string) {
  const rows = await db.selectFrom('user_views').select('name').where('user_id', '=', userId).where('type', '=', type).where('name', 'like', 'View %').execute();
  const taken = new Set(rows.map((r) => r.name));
  let n = 1;
  while (taken.has(`View ${n}`)) n++;
  return `View ${n}`;
}

export function insertView(services: Services, actor: Actor, body: CreateViewBody) {
  const userId = actor.user.id;
  return services.db.transaction().execute(async (trx) => {
    const name = body.name ?? (await defaultName(trx, userId, body.type));
    await assertNameFree(trx, userId, body.type, name);
    const now = nowIso();
    const row = await trx
      .insertInto('user_views')
      .values({ user_id: userId, type: body.type, name, filters: JSON.stringify(body.filters), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId, companyId: null }, { entityType: 'user_view', entityId: row.id, action: 'created', after: audited(row) });
    return toView(row);
  });
}

export function editView(services: Services, actor: Actor, { view, form }: UpdateViewBody) {
  const userId = actor.user.id;
  return services.db.transaction().execute(async (trx) => {
    const before = await ownView(trx, userId, view);
    if (form.name !== undefined && form.name !== before.name) await assertNameFree(trx, userId, before.type, form.name);
    const row = await trx
      .updateTable('user_views')
      .set({ name: form.name, filters: form.filters && JSON.stringify(form.filters), updated_at: nowIso() })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { userId, companyId: null }, { entityType: 'user_view', entityId: row.id, action: 'updated', before: audited(before), after: audited(row) });
    return toView(row);
  });
}

export function removeView(services: Services, actor: Actor, viewId: number) {
  const userId = actor.user.id;
  return services.db.transaction().execute(async (trx) => {
    const before = await ownView(trx, userId, viewId);
    await trx.deleteFrom('user_views').where('id', '=', before.id).execute();
    await recordAudit(trx, { userId, companyId: null }, { entityType: 'user_view', entityId: before.id, action: 'deleted', before: audited(before) });
  });
}
