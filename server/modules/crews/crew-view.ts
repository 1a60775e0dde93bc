import type { CrewDetail } from '../../../resources/crew.js';
import type { Executor } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import { categoryOption, personOption } from './crew-people.js';

/** The people assigned to some crews, by crew: members and leaders, each sorted by name. */
export async function peopleOf(db: Executor, crewIds: number[]) {
  const byCrew = new Map<number, { members: CrewDetail['members']; leaders: CrewDetail['leaders'] }>();
  for (const id of crewIds) byCrew.set(id, { members: [], leaders: [] });
  if (!crewIds.length) return byCrew;
  const rows = await db
    .selectFrom('crew_members as cm')
    .innerJoin('memberships as m', 'm.id', 'cm.membership_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select(['cm.crew_id', 'cm.is_leader', 'm.id', 'm.name', 'm.email', 'm.status', 'r.name as role_name'])
    .where('cm.crew_id', 'in', crewIds)
    .orderBy('m.name')
    .orderBy('m.id')
    .execute();
  for (const row of rows) {
    const entry = byCrew.get(row.crew_id)!;
    (row.is_leader ? entry.leaders : entry.members).push(personOption(row));
  }
  return byCrew;
}

export async function categoriesOf(db: Executor, crewId: number) {
  const rows = await db
    .selectFrom('crew_categories as cc')
    .innerJoin('item_categories as ic', 'ic.id', 'cc.category_id')
    .select(['ic.id', 'ic.name', 'ic.color', 'ic.parent_id'])
    .where('cc.crew_id', '=', crewId)
    .orderBy('ic.name')
    .orderBy('ic.id')
    .execute();
  return rows.map(categoryOption);
}

/** One crew with its people and categories named; 404 when it is not a crew of this company. */
export async function crewDetail(db: Executor, companyId: number, id: number): Promise<CrewDetail> {
  const crew = await db
    .selectFrom('crews')
    .select(['id', 'company_id', 'name', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!crew) throw notFound('Crew');
  const people = (await peopleOf(db, [id])).get(id)!;
  return {
    id: crew.id,
    companyId: crew.company_id,
    name: crew.name,
    members: people.members,
    leaders: people.leaders,
    categories: await categoriesOf(db, id),
    createdAt: crew.created_at,
    updatedAt: crew.updated_at,
  };
}

/** What the audit trail keeps of a crew: names people can read back later. */
export const crewSnapshot = (crew: CrewDetail) => ({
  name: crew.name,
  members: crew.members.map((p) => p.name),
  leaders: crew.leaders.map((p) => p.name),
  categories: crew.categories.map((c) => c.name),
});
