import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * The figures model's production rollup (issue 18): per company, project, crew, budget item, month
 * (its 1st, YYYY-MM-01) and status, the summed quantity (thousandths) and the number of items, kept
 * by triggers on production_items (insert, delete, a change of quantity, budget item or production)
 * and productions (a change of company, project, crew, day or status; a delete takes its items
 * first, so their triggers still see the production). Widget questions over whole months read it
 * (about 60 times fewer rows than the items at the benchmark's volume), and only the days at the
 * range's ends from the items themselves (server/modules/figures/sources/production.ts). A day grain
 * would not do: each production's items are mostly of different budget items, so a rollup by day
 * holds about as many rows as the items (measured: bench/README.md, Figures).
 *
 * Amounts are not kept: a budget item's price changes with change orders, so the amount is the
 * summed quantity times the price at the time of asking. Rows that fall to zero items stay (a status
 * change empties one key and fills another); the figures skip groups of no items.
 */
const KEY = 'company_id, month, crew_id, project_id, budget_item_id, status';
const COLUMNS = `company_id, project_id, crew_id, budget_item_id, month, status, quantity_e3, items`;

export function figures(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('production_figures')
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('crew_id', 'integer', (c) => c.notNull())
        .addColumn('budget_item_id', 'integer', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('quantity_e3', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
        .addColumn('items', 'integer', (c) => c.notNull())
        .execute();
      await sql.raw(`create unique index production_figures_key on production_figures (${KEY})`).execute(db);
      // Covering: a widget's question reads the index alone.
      await sql.raw(`create index production_figures_cover on production_figures (${KEY}, quantity_e3, items)`).execute(db);
      // The items' production: the raw days at a range's ends are read by company and day.
      await db.schema.createIndex('productions_company_date_cover_idx').on('productions').columns(['company_id', 'date', 'crew_id', 'project_id', 'status', 'id']).execute();
      await db.schema.createIndex('production_items_figures_idx').on('production_items').columns(['production_id', 'budget_item_id', 'quantity_e3']).execute();

      const month = (day: string) => `substr(${day}, 1, 7) || '-01'`;
      if (dialect === 'sqlite') {
        const upsert = `on conflict (${KEY}) do update set quantity_e3 = quantity_e3 + excluded.quantity_e3, items = items + excluded.items`;
        const item = (row: 'new' | 'old', sign: '' | '-') =>
          `insert into production_figures (${COLUMNS})
             select p.company_id, p.project_id, p.crew_id, ${row}.budget_item_id, ${month('p.date')}, p.status, ${sign}${row}.quantity_e3, ${sign}1
             from productions p where p.id = ${row}.production_id ${upsert};`;
        const production = (row: 'new' | 'old', sign: '' | '-') =>
          `insert into production_figures (${COLUMNS})
             select ${row}.company_id, ${row}.project_id, ${row}.crew_id, pi.budget_item_id, ${month(`${row}.date`)}, ${row}.status, ${sign}sum(pi.quantity_e3), ${sign}count(*)
             from production_items pi where pi.production_id = ${row}.id group by pi.budget_item_id ${upsert};`;
        for (const statement of [
          `create trigger production_figures_item_insert after insert on production_items begin ${item('new', '')} end`,
          `create trigger production_figures_item_delete after delete on production_items begin ${item('old', '-')} end`,
          `create trigger production_figures_item_update after update of quantity_e3, budget_item_id, production_id on production_items begin ${item('old', '-')} ${item('new', '')} end`,
          `create trigger production_figures_production_update after update of company_id, project_id, crew_id, date, status on productions begin ${production('old', '-')} ${production('new', '')} end`,
          `create trigger production_figures_production_delete before delete on productions begin delete from production_items where production_id = old.id; end`,
        ])
          await sql.raw(statement).execute(db);
      } else {
        await sql
          .raw(
            `create function production_figures_add(c integer, pr integer, cr integer, b integer, d text, st text, q bigint, n integer) returns void language sql as $$
              insert into production_figures (${COLUMNS}) values (c, pr, cr, b, ${month('d')}, st, q, n)
              on conflict (${KEY}) do update set quantity_e3 = production_figures.quantity_e3 + excluded.quantity_e3, items = production_figures.items + excluded.items
            $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create function production_figures_items() returns trigger language plpgsql as $$
            begin
              if tg_op in ('DELETE', 'UPDATE') then
                perform production_figures_add(p.company_id, p.project_id, p.crew_id, old.budget_item_id, p.date, p.status, -old.quantity_e3, -1) from productions p where p.id = old.production_id;
              end if;
              if tg_op in ('INSERT', 'UPDATE') then
                perform production_figures_add(p.company_id, p.project_id, p.crew_id, new.budget_item_id, p.date, p.status, new.quantity_e3, 1) from productions p where p.id = new.production_id;
              end if;
              return null;
            end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create function production_figures_productions() returns trigger language plpgsql as $$
            begin
              if tg_op = 'DELETE' then
                delete from production_items where production_id = old.id;
                return old;
              end if;
              perform production_figures_add(old.company_id, old.project_id, old.crew_id, pi.budget_item_id, old.date, old.status, -sum(pi.quantity_e3)::bigint, -count(*)::integer)
                from production_items pi where pi.production_id = old.id group by pi.budget_item_id;
              perform production_figures_add(new.company_id, new.project_id, new.crew_id, pi.budget_item_id, new.date, new.status, sum(pi.quantity_e3)::bigint, count(*)::integer)
                from production_items pi where pi.production_id = new.id group by pi.budget_item_id;
              return null;
            end $$`,
          )
          .execute(db);
        await sql`create trigger production_figures_items after insert or delete or update of quantity_e3, budget_item_id, production_id on production_items for each row execute function production_figures_items()`.execute(db);
        await sql`create trigger production_figures_production_update after update of company_id, project_id, crew_id, date, status on productions for each row execute function production_figures_productions()`.execute(db);
        await sql`create trigger production_figures_production_delete before delete on productions for each row execute function production_figures_productions()`.execute(db);
      }
      await sql
        .raw(
          `insert into production_figures (${COLUMNS})
            select p.company_id, p.project_id, p.crew_id, pi.budget_item_id, ${month('p.date')}, p.status, sum(pi.quantity_e3), count(*)
            from production_items pi join productions p on p.id = pi.production_id
            group by p.company_id, p.project_id, p.crew_id, pi.budget_item_id, ${month('p.date')}, p.status`,
        )
        .execute(db);
    },
  };
}
