import { sql } from 'kysely';
import type { UpdateCrewInput } from '../../../resources/crew.js';
import type { Executor } from '../../db/index.js';
import { badRequest, conflict } from '../../http/errors.js';
import { assignablePeople, companyCategories } from './crew-people.js';

type Detail = { field: string; message: string };

export const crewNameTaken = (name?: string) => conflict(`A crew named ${name ? `"${name}" ` : 'so '}already exists`, 'CREW_NAME_TAKEN');

/** Names differing only in case would be indistinguishable in a crew picker. */
export async function assertCrewNameFree(db: Executor, companyId: number, name: string, exceptId?: number) {
  let query = db.selectFrom('crews').select('id').where('company_id', '=', companyId).where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw crewNameTaken(name);
}

function missing(list: number[] | undefined, field: string, known: Set<number>, what: string): Detail[] {
  return (list ?? []).flatMap((id, i) => (known.has(id) ? [] : [{ field: `${field}.${i}`, message: `${what} #${id} is not in this company` }]));
}

/**
 * Every person must be an accepted or invited member of this company and every category one of its
 * item categories; anything else is a 400 naming each offending entry, before anything is written.
 */
export async function assertAssignable(db: Executor, companyId: number, body: UpdateCrewInput) {
  const people = [...new Set([...(body.members ?? []), ...(body.leaders ?? [])])];
  const categories = body.categories ?? [];
  const [personRows, categoryRows] = await Promise.all([
    people.length ? assignablePeople(db, companyId).where('m.id', 'in', people).execute() : [],
    categories.length ? companyCategories(db, companyId).where('ic.id', 'in', categories).execute() : [],
  ]);
  const knownPeople = new Set(personRows.map((r) => r.id));
  const knownCategories = new Set(categoryRows.map((r) => r.id));
  const details = [
    ...missing(body.members, 'members', knownPeople, 'Member'),
    ...missing(body.leaders, 'leaders', knownPeople, 'Member'),
    ...missing(body.categories, 'categories', knownCategories, 'Category'),
  ];
  if (details.length) throw badRequest(`${details[0]!.field}: ${details[0]!.message}`, details);
}
