import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';

/** The grid's own borders, so that a row that just fits does not scroll by a pixel. */
const FRAME = 4;

const room = <R extends GridValidRowModel>(column: GridColDef<R>) => column.width ?? column.minWidth ?? 100;

/**
 * Which columns show in `width` px: every column the caller keeps, then the optional ones in the
 * order given while they fit, so the actions and amounts are never pushed off to the side; a flexible
 * column counts at its minimum width and takes whatever room is left. Where the width cannot be
 * measured every column shows (the grid scrolls, as before).
 */
export function fitColumns<R extends GridValidRowModel>(columns: GridColDef<R>[], optional: readonly string[], width: number | undefined): GridColumnVisibilityModel {
  if (width === undefined) return {};
  const shown = new Set(columns.filter((c) => !optional.includes(c.field)).map((c) => c.field));
  let used = columns.filter((c) => shown.has(c.field)).reduce((sum, c) => sum + room(c), FRAME);
  for (const field of optional) {
    const column = columns.find((c) => c.field === field);
    if (!column || used + room(column) > width) continue;
    shown.add(field);
    used += room(column);
  }
  return Object.fromEntries(columns.map((c) => [c.field, shown.has(c.field)]));
}
