import { ANY, RESOURCE_TYPES, type RolePermission } from '../../../permissions';

/** The matrix's columns: view, manage, and `_any` (every action). */
export const MATRIX_ACTIONS = ['view', 'manage', ANY] as const;
export type MatrixAction = (typeof MATRIX_ACTIONS)[number];
/** Its rows: every resource type, and first a row for all of them at once. */
export const MATRIX_ROWS = [ANY, ...RESOURCE_TYPES] as const;
export type MatrixRow = (typeof MATRIX_ROWS)[number];

/** The entries an action is included in: manage grants view, `_any` grants both. */
const COVERED_BY: Record<MatrixAction, MatrixAction[]> = { view: ['view', 'manage', ANY], manage: ['manage', ANY], [ANY]: [ANY] };

const typeWide = (p: RolePermission) => !p.resourceId || p.resourceId === ANY;
const same = (p: RolePermission, row: MatrixRow, action: MatrixAction) => typeWide(p) && p.resourceType === row && p.action === action;

export type CellState = 'on' | 'implied' | 'off';

/**
 * 'on' when the role lists exactly this entry; 'implied' when another entry already grants it (manage
 * grants view, a type's `_any` grants its actions, the all-types row grants every type); else 'off'.
 */
export function cellState(permissions: RolePermission[], row: MatrixRow, action: MatrixAction): CellState {
  if (permissions.some((p) => same(p, row, action))) return 'on';
  const rows: MatrixRow[] = row === ANY ? [ANY] : [row, ANY];
  const implied = permissions.some(
    (p) => typeWide(p) && rows.includes(p.resourceType as MatrixRow) && COVERED_BY[action].includes(p.action as MatrixAction),
  );
  return implied ? 'implied' : 'off';
}

/** Adds or removes exactly one entry; everything else in the list, in order, is kept. */
export function toggleCell(permissions: RolePermission[], row: MatrixRow, action: MatrixAction): RolePermission[] {
  if (permissions.some((p) => same(p, row, action))) return permissions.filter((p) => !same(p, row, action));
  return [...permissions, { resourceType: row, action, resourceId: null }];
}

export const holdsEverything = (permissions: RolePermission[]) => permissions.some((p) => same(p, ANY, ANY));

/** Entries naming one particular resource: the matrix cannot show them, so they are kept as they are. */
export const specificEntries = (permissions: RolePermission[]) => permissions.filter((p) => !typeWide(p));

const LABELS: Partial<Record<string, string>> = {
  [ANY]: 'All resource types',
  memberships: 'Members',
  partnerships: 'Clients & subcontractors',
  'item-categories': 'Item categories',
  'task-types': 'Task types',
  'damage-types': 'Damage types',
  'footprint-types': 'Footprint types',
  'safety-authorities': 'Safety authorities',
  integrations: 'Integrations (API tokens, webhooks)',
};

export function rowLabel(row: string): string {
  return LABELS[row] ?? `${row.charAt(0).toUpperCase()}${row.slice(1)}`;
}

export const actionLabel = (action: MatrixAction) => (action === ANY ? 'Any action' : action === 'view' ? 'View' : 'Manage');

/** A one-line summary for the roles list: 'Everything', or the strongest grant per resource type. */
export function summarize(permissions: RolePermission[]): string {
  if (holdsEverything(permissions)) return 'Everything';
  const parts: string[] = [];
  for (const row of MATRIX_ROWS) {
    const strongest = [ANY, 'manage', 'view'].find((a) => cellState(permissions, row, a as MatrixAction) === 'on');
    if (strongest) parts.push(`${rowLabel(row)}: ${strongest === ANY ? 'any' : strongest}`);
  }
  const specific = specificEntries(permissions).length;
  if (specific) parts.push(`${specific} specific`);
  return parts.length ? parts.join(' · ') : 'No permissions';
}
