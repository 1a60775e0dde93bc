import type { z } from 'zod';

/**
 * The schema-driven core: one declaration per entity gives the server its validation and CRUD
 * routes, and the client its grid, filters, forms and show page.
 */

/**
 * The list filters (spec 01 §5) and their json-server suffixes on the API: the grid's filter bar
 * offers a field's declared operators and the server accepts exactly those (list-query.ts).
 */
export const FILTER_OPERATORS = {
  contains: '_like',
  startsWith: '_startsWith',
  endsWith: '_endsWith',
  matches: '_matches',
  equals: '',
  ne: '_ne',
  gt: '_gt',
  gte: '_gte',
  lt: '_lt',
  lte: '_lte',
} as const;
export type FilterOperator = keyof typeof FILTER_OPERATORS;

/** The operators that read text (and so take a text field only). */
export const TEXT_FILTERS: readonly FilterOperator[] = ['contains', 'startsWith', 'endsWith', 'matches'];

/** What each kind of value can be filtered by: text searched, numbers and dates compared, choices picked. */
export const VALUE_FILTERS = {
  text: ['contains', 'startsWith', 'endsWith', 'matches', 'equals', 'ne'],
  number: ['equals', 'ne', 'gt', 'gte', 'lt', 'lte'],
  date: ['equals', 'ne', 'gt', 'gte', 'lt', 'lte'],
  choice: ['equals', 'ne'],
} as const satisfies Record<string, readonly FilterOperator[]>;

export type FieldKind =
  | 'text'
  /** A street address that searches the geocoder as typed and fills the form's city, state, zip, country, lat and lng. */
  | 'address'
  | 'multiline'
  | 'email'
  | 'phone'
  | 'zip'
  | 'ein'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'color'
  | 'select'
  | 'reference'
  /** A picture's URL: shown in the grid and show page, set by an upload rather than typed. */
  | 'image';

export interface ResourceField {
  /** The API's (camelCase) name. */
  name: string;
  label: string;
  kind: FieldKind;
  /** The database column when it is not the snake_case of the name. */
  column?: string;
  /** Shown as a grid column unless false; hidden until the user shows it when hidden is set. */
  grid?: false | { flex?: number; width?: number; hidden?: boolean };
  /** Filter operators offered in the grid and accepted by the API; none when empty. */
  filters?: readonly FilterOperator[];
  sortable?: boolean;
  /** Which forms show the field (default both; false for read-only fields such as createdAt). */
  form?: false | 'create' | 'edit' | 'both';
  /** Name fields are auto-capitalised as typed (spec 01 §5). */
  capitalize?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /**
   * For a reference: the resource whose rows are offered, the field shown for each, and (display) the
   * field of this row holding the referenced row's label, shown instead of the bare id.
   */
  reference?: { resource: string; labelField: string; display?: string };
  /** Left off the show page when false (a label another field already displays). */
  show?: false;
  nullable?: boolean;
  /** How a stored value reads to people, where it differs from the value (role names, codes). */
  format?: (value: unknown) => string;
}

export interface ResourcePaths {
  /** Collection path, with :companyId standing for the active company: '/companies/:companyId/task-types'. */
  list: string;
  create: string;
  /** Item path with :id: '/task-types/:id'. */
  item: string;
  /** Where a row is deleted, when not at the item path: '/partnerships/delete/:id'. */
  delete?: string;
}

export interface ResourceDef<C extends z.ZodObject = z.ZodObject, U extends z.ZodObject = z.ZodObject> {
  /** Refine resource name and the client route: 'task-types'. */
  name: string;
  /** The client route under /app/ when it is not the name: 'catalog/categories'. */
  route?: string;
  /** The entity's name in the audit trail: 'task_type'. */
  entityType: string;
  /** The navigation id that leads to this resource's list. */
  navId: string;
  label: string;
  singular: string;
  /** The field that names a row in titles, pickers and confirmations. */
  titleField: string;
  fields: ResourceField[];
  create: C;
  update: U;
  paths: ResourcePaths;
  permissions: { view: string; manage: string };
  /** The success messages of spec 01 §8 for this resource, word for word. */
  messages: { created: string; saved: string; deleted: string };
  defaultSort: { field: string; order: 'asc' | 'desc' };
}

export function defineResource<C extends z.ZodObject, U extends z.ZodObject>(def: ResourceDef<C, U>): ResourceDef<C, U> {
  return def;
}

/** The default filters of each kind of field (VALUE_FILTERS). */
export function defaultFilters(kind: FieldKind): readonly FilterOperator[] {
  switch (kind) {
    case 'integer':
    case 'decimal':
      return VALUE_FILTERS.number;
    case 'date':
    case 'datetime':
      return VALUE_FILTERS.date;
    case 'boolean':
    case 'select':
    case 'reference':
    case 'color':
      return VALUE_FILTERS.choice;
    case 'image':
      return [];
    default:
      return VALUE_FILTERS.text;
  }
}

/** Where the resource's screens live under /app/, without slashes. */
export const routeOf = (def: ResourceDef) => def.route ?? def.name;
export const fieldFilters = (f: ResourceField): readonly FilterOperator[] => f.filters ?? defaultFilters(f.kind);
export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const fieldColumn = (f: ResourceField) => f.column ?? snake(f.name);
