import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { TEXT_INDEXED_0011 } from '../db/migrations/0011_large_lists.js';
import { TEXT_INDEXED_0012 } from '../db/migrations/0012_file_manager.js';
import { TEXT_INDEXED_0013 } from '../db/migrations/0013_projects_budgets.js';
import { TEXT_INDEXED_0015 } from '../db/migrations/0015_tasks.js';
import type { ListField, ListSpec } from './list-query.js';

/**
 * Text filters ("contains", "starts with", "ends with", `q`) served by trigram indexes (migration
 * 0011). PostgreSQL's planner picks its pg_trgm indexes for list-query's ILIKE by itself; SQLite's
 * FTS5 trigram tables must be named in the query, which this module adds beside the LIKE.
 */
const TEXT_INDEXED: Record<string, readonly string[]> = { ...TEXT_INDEXED_0011, ...TEXT_INDEXED_0012, ...TEXT_INDEXED_0013, ...TEXT_INDEXED_0015 };
export type TextIndexedTable = keyof typeof TEXT_INDEXED_0011 | keyof typeof TEXT_INDEXED_0012 | keyof typeof TEXT_INDEXED_0013 | keyof typeof TEXT_INDEXED_0015;

export interface TextIndex {
  /** The indexed table; its FTS5 table is `<table>_text`, keyed by the table's id as rowid. */
  table: TextIndexedTable;
  /** The table's id as the list query names it, e.g. 'm.id'. */
  key: string;
}

/** Trigrams: a shorter needle has none, and its filter scans as before. */
const MIN_NEEDLE = 3;

const columnName = (field: ListField) => field.column.slice(field.column.indexOf('.') + 1);

/** Marks the spec's fields that read an indexed column of `table` (written `<alias>.<column>`) as served by its index. */
export function withTextIndex(spec: ListSpec, table: TextIndexedTable, alias: string): ListSpec {
  const index: TextIndex = { table, key: `${alias}.id` };
  const indexed = (f: ListField) => f.type === 'text' && f.column.startsWith(`${alias}.`) && TEXT_INDEXED[table]!.includes(columnName(f));
  return {
    ...spec,
    fields: Object.fromEntries(Object.entries(spec.fields).map(([name, f]) => [name, indexed(f) ? { ...f, textIndex: index } : f])),
  };
}

/**
 * On SQLite, the rows whose `fields` hold `needle` by the FTS5 trigram table, or null when it cannot
 * tell (a field outside one shared index, a needle under three characters). FTS5 folds case across
 * Unicode, so its rows are a superset of the ASCII-folding LIKE's: the LIKE stays beside it and decides.
 */
export function trigramCandidates(fields: ListField[], needle: string): RawBuilder<SqlBool> | null {
  const index = fields[0]?.textIndex;
  if (!index || [...needle].length < MIN_NEEDLE || needle.includes('\0')) return null;
  if (fields.some((f) => f.textIndex?.table !== index.table || f.textIndex.key !== index.key)) return null;
  // One FTS5 phrase, quotes doubled, limited to the fields' columns: with trigrams, a substring match.
  const query = `{${fields.map(columnName).join(' ')}} : "${needle.replaceAll('"', '""')}"`;
  const fts = sql.table(`${index.table}_text`);
  return sql<SqlBool>`${sql.ref(index.key)} in (select rowid from ${fts} where ${fts} match ${query})`;
}
