import { sql, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { MemberStatus, MemberView, NamedRef } from '../../../resources/member.js';
import type { Executor } from '../../db/index.js';
import { notFound } from '../../http/errors.js';

/** A company membership with its role and inviter; crews and categories are attached per page. */
export function memberRows(db: Executor) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .leftJoin('users as ib', 'ib.id', 'm.invited_by')
    .select([
      'm.id',
      'm.company_id',
      'm.user_id',
      'm.name',
      'm.email',
      'm.phone',
      'm.country',
      'm.state',
      'm.status',
      'm.role_id',
      'r.name as role_name',
      'm.invited_by',
      'ib.name as invited_by_name',
      'm.invite_expires_at',
      'm.decline_reason',
      'm.created_at',
      'm.updated_at',
    ])
    .where('m.type', '=', 'company');
}

type Attached = 'crew' | 'category';

interface AttachedRow {
  kind: Attached;
  membership_id: number;
  is_leader: number;
  id: number;
  name: string;
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberRows>['executeTakeFirstOrThrow']>>;

const names = (refs: NamedRef[]) => refs.map((r) => r.name).join(', ');

/** The crews and categories of the given memberships (ids, or the page query's `m.id`), ordered by name and id as a whole, so each kind is too. */
function attachedOf(db: Executor, membership: readonly number[] | RawBuilder<number>) {
  const match = (column: string) =>
    Array.isArray(membership) ? sql<boolean>`${sql.ref(column)} in (${sql.join(membership)})` : sql<boolean>`${sql.ref(column)} = ${membership}`;
  const crews = db
    .selectFrom('crew_members as cm')
    .innerJoin('crews as c', 'c.id', 'cm.crew_id')
    .select([sql<Attached>`'crew'`.as('kind'), 'cm.membership_id', 'cm.is_leader', 'c.id', 'c.name'])
    .where(match('cm.membership_id'));
  const categories = db
    .selectFrom('member_categories as mc')
    // Unary plus keeps SQLite from driving the join from all the company's categories (15 times
    // slower on a page of the 100,000-member company): the page's members come first.
    .innerJoin('item_categories as ic', (join) => join.on('ic.id', '=', sql<number>`+${sql.ref('mc.category_id')}`))
    .select([sql<Attached>`'category'`.as('kind'), 'mc.membership_id', sql<number>`0`.as('is_leader'), 'ic.id', 'ic.name'])
    .where(match('mc.membership_id'));
  return crews.unionAll(categories).orderBy('name').orderBy('id');
}

/**
 * Member rows with their crews and categories as one JSON column, for PostgreSQL, where each query
 * is a round trip through the pool that costs both processes CPU on the same cores (issue 19): the
 * planner computes it for the page's rows only, after the sort and limit. SQLite runs statements in
 * this process and reads the page's attachments in one query apart (memberViews).
 */
export function withAttached(rows: ReturnType<typeof memberRows>, db: Executor) {
  return rows.select(jsonArrayFrom(attachedOf(db, sql.ref<number>('m.id'))).as('attached'));
}

/** The API shape of member rows, with their crews and categories from the rows (withAttached) or read in one query for the whole page. */
export async function memberViews(db: Executor, rows: Array<MemberRow & { attached?: AttachedRow[] }>): Promise<MemberView[]> {
  if (!rows.length) return [];
  const attached = rows.every((r) => r.attached) ? rows.flatMap((r) => r.attached!) : await attachedOf(db, rows.map((r) => r.id)).execute();
  const crewRows = attached.filter((a) => a.kind === 'crew');
  const categoryRows = attached.filter((a) => a.kind === 'category');
  return rows.map((r) => {
    const crewsOf = (leader: boolean) =>
      crewRows.filter((c) => c.membership_id === r.id && !!c.is_leader === leader).map((c) => ({ id: c.id, name: c.name }));
    const crewsAsMember = crewsOf(false);
    const crewsAsLeader = crewsOf(true);
    const categories = categoryRows.filter((c) => c.membership_id === r.id).map((c) => ({ id: c.id, name: c.name }));
    return {
      id: r.id,
      companyId: r.company_id,
      userId: r.user_id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      country: r.country,
      state: r.state,
      status: r.status as MemberStatus,
      roleId: r.role_id,
      role: r.role_name,
      crewsAsMember,
      crewsAsLeader,
      categories,
      crewNames: names([...crewsAsLeader.map((c) => ({ ...c, name: `${c.name} (leader)` })), ...crewsAsMember]),
      categoryNames: names(categories),
      invitedBy: r.invited_by === null ? null : { id: r.invited_by, name: r.invited_by_name ?? '' },
      invitationExpiresAt: r.status === 'invited' ? r.invite_expires_at : null,
      declineReason: r.decline_reason,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
}

/** One company membership as the API answers it; 404 when there is none. */
export async function loadMember(db: Executor, id: number): Promise<MemberView> {
  const row = await memberRows(db).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Member');
  return (await memberViews(db, [row]))[0]!;
}

/** What the audit trail keeps of a member: the fields people edit, with names for ids. */
export const auditedMember = (m: MemberView) => ({
  name: m.name,
  email: m.email,
  phone: m.phone,
  country: m.country,
  state: m.state,
  role: m.role,
  status: m.status,
  crewsAsMember: m.crewsAsMember.map((c) => c.name),
  crewsAsLeader: m.crewsAsLeader.map((c) => c.name),
  categories: m.categories.map((c) => c.name),
});
