import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Each production's totals for the figures model (issue 18's benchmark): its company, project, crew,
 * day and status as the production has them, its number of items, summed quantity (thousandths) and
 * amount (quantity × the budget item's price), kept by triggers on production_items (insert, delete,
 * a change of quantity, budget item or production), productions (a change of company, project, crew,
 * day or status) and budget_items (a change of price). A widget question that needs no budget item
 * (by month, crew, project, client, status, day or week) reads about a tenth of the rows the items
 * hold, with no price to look up: a year of the benchmark's company is 36,500 rows, not 365,000
 * items, nor 33,000 monthly rollup rows plus the items of the range's partial months.
 *
 * The amount is kept as the three weights of server/lib/exact-sum.ts `sumProduct` (the quantity and
 * the price each split in limbs of 10^6: w0 = lo × lo, w1 = hi × lo + lo × hi, w2 = hi × hi), so
 * every stored sum stays an exact 64-bit integer however large the figures; readSum joins them.
 * A production whose items are all deleted keeps its row with no items; the figures skip groups of
 * no items. A production's own delete removes its items first (0025's trigger), then its row here.
 *
 * `production_month_totals` sums those rows again per company, month, crew, project and status, kept
 * by triggers on production_totals: a year of whole months is then about 4,800 rows, and only the
 * days at a range's ends are read per production.
 *
 * `production_item_months` is 0025's monthly rollup without the crew (per company, month, project,
 * budget item and status), kept by triggers on production_figures: questions by item or category
 * that no crew narrows read a fifth of the rows (6,600 for a year of the benchmark's company, not 33,000).
 */
const S = '1000000';
const weights = (q: string, p: string) => [`(${q} % ${S}) * (${p} % ${S})`, `(${q} / ${S}) * (${p} % ${S}) + (${q} % ${S}) * (${p} / ${S})`, `(${q} / ${S}) * (${p} / ${S})`];
const COLUMNS = 'production_id, company_id, project_id, crew_id, date, status, items, quantity_e3, amount_w0, amount_w1, amount_w2';
const ADD = 'items = production_totals.items + excluded.items, quantity_e3 = production_totals.quantity_e3 + excluded.quantity_e3, amount_w0 = production_totals.amount_w0 + excluded.amount_w0, amount_w1 = production_totals.amount_w1 + excluded.amount_w1, amount_w2 = production_totals.amount_w2 + excluded.amount_w2';

/** One item's part of its production's totals, added (sign '') or taken away ('-'). */
const itemPart = (row: 'new' | 'old', sign: '' | '-') => {
  const [w0, w1, w2] = weights(`${row}.quantity_e3`, 'b.price_cents');
  return `insert into production_totals (${COLUMNS})
      select p.id, p.company_id, p.project_id, p.crew_id, p.date, p.status, ${sign}1, ${sign}${row}.quantity_e3, ${sign}(${w0}), ${sign}(${w1}), ${sign}(${w2})
      from productions p cross join budget_items b where p.id = ${row}.production_id and b.id = ${row}.budget_item_id
      on conflict (production_id) do update set ${ADD};`;
};

const follow = (row: string) => `update production_totals set company_id = ${row}.company_id, project_id = ${row}.project_id, crew_id = ${row}.crew_id, date = ${row}.date, status = ${row}.status where production_id = ${row}.id;`;

/** The change of one budget item's price in the amounts of the productions holding it. */
const repriced = () => {
  const [n0, n1, n2] = weights('pi.quantity_e3', 'new.price_cents');
  const [o0, o1, o2] = weights('pi.quantity_e3', 'old.price_cents');
  return `update production_totals set amount_w0 = amount_w0 + d.w0, amount_w1 = amount_w1 + d.w1, amount_w2 = amount_w2 + d.w2
      from (select pi.production_id, sum(${n0} - (${o0})) as w0, sum(${n1} - (${o1})) as w1, sum(${n2} - (${o2})) as w2
            from production_items pi where pi.budget_item_id = new.id group by pi.production_id) d
      where production_totals.production_id = d.production_id;`;
};

const MONTH_KEY = 'company_id, month, crew_id, project_id, status';
const MONTH_COLUMNS = 'company_id, month, crew_id, project_id, status, items, quantity_e3, amount_w0, amount_w1, amount_w2';
const MONTH_ADD = ADD.replaceAll('production_totals.', 'production_month_totals.');

/** One production's totals in its month's row, added (sign '') or taken away ('-'). */
const monthPart = (row: 'new' | 'old', sign: '' | '-') =>
  `insert into production_month_totals (${MONTH_COLUMNS})
      values (${row}.company_id, substr(${row}.date, 1, 7) || '-01', ${row}.crew_id, ${row}.project_id, ${row}.status, ${sign}${row}.items, ${sign}${row}.quantity_e3, ${sign}${row}.amount_w0, ${sign}${row}.amount_w1, ${sign}${row}.amount_w2)
      on conflict (${MONTH_KEY}) do update set ${MONTH_ADD};`;

const ITEM_MONTH_KEY = 'company_id, month, project_id, budget_item_id, status';

/** One monthly rollup row's part of its crew-less row, added (sign '') or taken away ('-'). */
const itemMonthPart = (row: 'new' | 'old', sign: '' | '-') =>
  `insert into production_item_months (${ITEM_MONTH_KEY}, quantity_e3, items)
      values (${row}.company_id, ${row}.month, ${row}.project_id, ${row}.budget_item_id, ${row}.status, ${sign}${row}.quantity_e3, ${sign}${row}.items)
      on conflict (${ITEM_MONTH_KEY}) do update set quantity_e3 = production_item_months.quantity_e3 + excluded.quantity_e3, items = production_item_months.items + excluded.items;`;

type Part = (row: 'new' | 'old', sign: '' | '-') => string;
/** The item columns whose change moves an item's part. */
const ITEM_COLUMNS = 'quantity_e3, budget_item_id, production_id';

/** SQLite triggers keeping a rollup of `table`'s rows: each insert adds its part, a delete takes it away, an update both. */
const sqliteDeltas = (name: string, table: string, part: Part, updateOf = '') => [
  `create trigger ${name}_insert after insert on ${table} begin ${part('new', '')} end`,
  `create trigger ${name}_delete after delete on ${table} begin ${part('old', '-')} end`,
  `create trigger ${name}_update after update ${updateOf ? `of ${updateOf} ` : ''}on ${table} begin ${part('old', '-')} ${part('new', '')} end`,
];

/** The PostgreSQL trigger function doing the same, and its trigger. */
const postgresDeltas = (name: string, table: string, part: Part, updateOf = '') => [
  `create function ${name}() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then ${part('old', '-')} end if;
      if tg_op in ('INSERT', 'UPDATE') then ${part('new', '')} end if;
      return null;
    end $$`,
  `create trigger ${name} after insert or delete or update ${updateOf ? `of ${updateOf} ` : ''}on ${table} for each row execute function ${name}()`,
];

export function productionTotals(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  /** The summed columns both totals tables keep. */
  const withSums = (table: CreateTableBuilder<string>) =>
    table
      .addColumn('items', 'integer', (c) => c.notNull())
      .addColumn('quantity_e3', big, (c) => c.notNull())
      .addColumn('amount_w0', big, (c) => c.notNull())
      .addColumn('amount_w1', big, (c) => c.notNull())
      .addColumn('amount_w2', big, (c) => c.notNull());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('production_totals')
        .addColumn('production_id', 'integer', (c) => c.primaryKey().references('productions.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('crew_id', 'integer', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .$call(withSums)
        .execute();
      // Covering: a company's range of days is read from the index alone.
      await db.schema
        .createIndex('production_totals_company_date_idx')
        .on('production_totals')
        .columns(['company_id', 'date', 'crew_id', 'project_id', 'status', 'items', 'quantity_e3', 'amount_w0', 'amount_w1', 'amount_w2'])
        .execute();

      await db.schema
        .createTable('production_month_totals')
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('crew_id', 'integer', (c) => c.notNull())
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .$call(withSums)
        .execute();
      await sql.raw(`create unique index production_month_totals_key on production_month_totals (${MONTH_KEY})`).execute(db);
      await sql.raw(`create index production_month_totals_cover on production_month_totals (${MONTH_COLUMNS})`).execute(db);

      await db.schema
        .createTable('production_item_months')
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .addColumn('budget_item_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('quantity_e3', big, (c) => c.notNull())
        .addColumn('items', 'integer', (c) => c.notNull())
        .execute();
      await sql.raw(`create unique index production_item_months_key on production_item_months (${ITEM_MONTH_KEY})`).execute(db);
      await sql.raw(`create index production_item_months_cover on production_item_months (${ITEM_MONTH_KEY}, quantity_e3, items)`).execute(db);

      if (dialect === 'sqlite') {
        for (const statement of [
          ...sqliteDeltas('production_item_months', 'production_figures', itemMonthPart),
          ...sqliteDeltas('production_month_totals', 'production_totals', monthPart),
          ...sqliteDeltas('production_totals_item', 'production_items', itemPart, ITEM_COLUMNS),
          `create trigger production_totals_production_update after update of company_id, project_id, crew_id, date, status on productions begin ${follow('new')} end`,
          `create trigger production_totals_price_update after update of price_cents on budget_items when new.price_cents <> old.price_cents begin ${repriced()} end`,
        ])
          await sql.raw(statement).execute(db);
      } else {
        for (const statement of [
          ...postgresDeltas('production_item_months', 'production_figures', itemMonthPart),
          ...postgresDeltas('production_month_totals', 'production_totals', monthPart),
          ...postgresDeltas('production_totals_items', 'production_items', itemPart, ITEM_COLUMNS),
        ])
          await sql.raw(statement).execute(db);
        await sql.raw(`create function production_totals_production() returns trigger language plpgsql as $$ begin ${follow('new')} return null; end $$`).execute(db);
        await sql
          .raw(`create function production_totals_price() returns trigger language plpgsql as $$ begin if new.price_cents <> old.price_cents then ${repriced()} end if; return null; end $$`)
          .execute(db);
        await sql`create trigger production_totals_production_update after update of company_id, project_id, crew_id, date, status on productions for each row execute function production_totals_production()`.execute(db);
        await sql`create trigger production_totals_price_update after update of price_cents on budget_items for each row execute function production_totals_price()`.execute(db);
      }
      await sql
        .raw(
          `insert into production_item_months (${ITEM_MONTH_KEY}, quantity_e3, items)
            select company_id, month, project_id, budget_item_id, status, sum(quantity_e3), sum(items) from production_figures group by ${ITEM_MONTH_KEY}`,
        )
        .execute(db);
      const [w0, w1, w2] = weights('pi.quantity_e3', 'b.price_cents');
      await sql
        .raw(
          `insert into production_totals (${COLUMNS})
            select p.id, p.company_id, p.project_id, p.crew_id, p.date, p.status, count(*), sum(pi.quantity_e3), sum(${w0}), sum(${w1}), sum(${w2})
            from productions p join production_items pi on pi.production_id = p.id join budget_items b on b.id = pi.budget_item_id
            group by p.id, p.company_id, p.project_id, p.crew_id, p.date, p.status`,
        )
        .execute(db);
    },
  };
}
