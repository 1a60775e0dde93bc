import type { Services } from '../services.js';
import type { DB } from '../db/schema.js';
import { notFound } from './errors.js';

/** Tables whose rows belong to one company through a company_id column. */
export type CompanyOwnedTable = { [T in keyof DB]: DB[T] extends { company_id: number } ? T : never }[keyof DB];

/** The company owning a row, or 404 when there is no such row. */
export async function owningCompany(services: Services, table: CompanyOwnedTable, id: number): Promise<number> {
  const row = await services.db
    .selectFrom(table as 'task_types')
    .select('company_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.company_id;
}
