/**
 * Spreadsheet imports (budget items and catalog items): the columns a sheet may carry, the limits a
 * file is held to, and the preview report the server answers before anything is written. Shared by
 * the server (parsing, matching) and the client (the import dialog, its template).
 */

/** Data rows one import may carry (after the header row). */
export const IMPORT_MAX_ROWS = 20_000;
/** What an xlsx may unpack to, in total, and the largest compression ratio of its parts. */
export const IMPORT_MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_RATIO = 100;
export const IMPORT_MAX_ZIP_ENTRIES = 2_000;

export type ImportColumn = 'code' | 'name' | 'quantity' | 'price' | 'description' | 'unit' | 'category';

/** Header names, compared without case and extra spaces, each naming one column. */
export const IMPORT_ALIASES: Record<ImportColumn, string[]> = {
  code: ['code', 'item code'],
  name: ['name', 'item', 'item name'],
  quantity: ['qty', 'quantity'],
  price: ['price', 'unit price'],
  description: ['description'],
  unit: ['unit'],
  category: ['category', 'item category'],
};

/** The columns each import reads, in the order its template writes them. */
export const BUDGET_IMPORT_COLUMNS: ImportColumn[] = ['code', 'name', 'quantity', 'price', 'description'];
export const CATALOG_IMPORT_COLUMNS: ImportColumn[] = ['code', 'name', 'unit', 'category'];

/** The template's heading of a column. */
export const IMPORT_HEADINGS: Record<ImportColumn, string> = {
  code: 'Code',
  name: 'Name',
  quantity: 'Quantity',
  price: 'Unit price',
  description: 'Description',
  unit: 'Unit',
  category: 'Category',
};

export type ImportRowStatus = 'matched' | 'new' | 'refused';

export const IMPORT_STATUS_LABELS: Record<ImportRowStatus, string> = { matched: 'Matched', new: 'New', refused: 'Refused' };

/** One data row of the sheet as the import reads it; `row` is the sheet's own row number. */
export interface ImportRow {
  row: number;
  status: ImportRowStatus;
  /** Why the row is refused (or, for a new row, what will be created). */
  reason: string | null;
  code: string | null;
  name: string | null;
  /** Budget import: the quantity and the unit price as the API writes them ('12.50'). */
  quantity?: number | null;
  price?: string | null;
  description?: string | null;
  /** Catalog import. */
  unit?: string | null;
  category?: string | null;
  /** The catalog item it matched, when it did. */
  itemId: number | null;
  itemName: string | null;
}

export interface ImportCounts {
  total: number;
  matched: number;
  new: number;
  refused: number;
}

/** POST …/import/preview: every row with its status, and the sheet's columns that were not read. */
export interface ImportPreview {
  rows: ImportRow[];
  counts: ImportCounts;
  ignoredColumns: string[];
}

/** POST …/import: what was written. */
export interface ImportResult {
  counts: ImportCounts;
  /** Budget items added, or catalog items updated. */
  written: number;
  /** Catalog items created. */
  created: number;
  /** Refused rows left out because the caller asked to skip them. */
  skipped: number;
}

/** The multipart text field that asks the import to leave refused rows out rather than refuse the file. */
export const SKIP_REFUSED_FIELD = 'skipRefused';
