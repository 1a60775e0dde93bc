import { centsToMoney } from '../../../resources/money.js';
import { DAMAGE_MOVES, type Damage, type DamageDetail, type DamageStatus } from '../../../resources/damage.js';
import type { Executor } from '../../db/index.js';

/** The damage with the names it shows (project, type, authority, reporter): the list's base query and the detail's. */
export function damageRows(db: Executor) {
  return db
    .selectFrom('damages as d')
    .innerJoin('projects as pr', 'pr.id', 'd.project_id')
    .leftJoin('damage_types as dt', 'dt.id', 'd.damage_type_id')
    .leftJoin('safety_authorities as sa', 'sa.id', 'd.safety_authority_id')
    .leftJoin('users as u', 'u.id', 'd.reported_by')
    .select([
      'd.id',
      'd.company_id',
      'd.project_id',
      'pr.code as project_code',
      'pr.project_name',
      'd.damage_date',
      'd.safety_authority_id',
      'sa.name as safety_authority_name',
      'd.damage_type_id',
      'dt.name as damage_type_name',
      'd.description',
      'd.address',
      'd.city',
      'd.state',
      'd.lat',
      'd.lng',
      'd.amount_cents',
      'd.status',
      'd.reported_by',
      'u.name as reported_by_name',
      'd.created_at',
      'd.updated_at',
    ]);
}

type DamageRowOut = Awaited<ReturnType<ReturnType<typeof damageRows>['executeTakeFirstOrThrow']>>;

export function damageView(r: DamageRowOut): Damage {
  return {
    id: r.id,
    companyId: r.company_id,
    projectId: r.project_id,
    projectCode: r.project_code ?? '',
    projectName: r.project_name ?? '',
    damageDate: r.damage_date,
    safetyAuthorityId: r.safety_authority_id,
    safetyAuthorityName: r.safety_authority_name ?? null,
    damageTypeId: r.damage_type_id,
    damageTypeName: r.damage_type_name ?? null,
    description: r.description,
    address: r.address,
    city: r.city,
    state: r.state,
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
    amount: r.amount_cents === null ? null : centsToMoney(r.amount_cents),
    status: r.status as DamageStatus,
    reportedById: r.reported_by,
    reportedByName: r.reported_by_name ?? null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** GET /damages/{id}: the damage, its file counts by category, and where its status may go. */
export async function loadDamage(db: Executor, id: number): Promise<DamageDetail> {
  const row = await damageRows(db).select('pr.timezone as project_timezone').where('d.id', '=', id).executeTakeFirstOrThrow();
  const counts = await db
    .selectFrom('files')
    .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('entity_type', '=', 'damage')
    .where('entity_id', '=', String(id))
    .groupBy('type')
    .execute();
  const count = (type: string) => Number(counts.find((c) => c.type === type)?.n ?? 0);
  const damage = damageView(row);
  return { ...damage, projectTimezone: row.project_timezone, fileCount: count('files'), proofCount: count('proof'), nextStatuses: [...DAMAGE_MOVES[damage.status]] };
}

/** What the trail keeps of a damage: its own fields, as the API names them. */
export function damageSnapshot(d: Damage) {
  const { projectCode: _c, projectName: _n, reportedByName: _r, createdAt: _a, updatedAt: _u, companyId: _co, id: _id, ...rest } = d;
  return rest;
}
