import { z } from 'zod';
import { text } from './text.js';
import { id } from './id.js';
import { defineResource, type ResourceField } from './engine.js';

export const CREW_MESSAGES = {
  name: 'Crew name is required',
  nameLength: 'Crew name must be at most 120 characters',
  tooMany: 'A crew takes at most 500 entries here',
} as const;

const ids = z
  .array(id(), { error: 'Must be a list of ids' })
  .max(500, CREW_MESSAGES.tooMany)
  // The same person picked twice is one assignment.
  .transform((list) => [...new Set(list)]);

/** POST /crews (spec 01 §7): name, members and leaders (membership ids), categories (item category ids). */
export const createCrewBody = z.object({
  name: text({ error: CREW_MESSAGES.name }).trim().min(1, CREW_MESSAGES.name).max(120, CREW_MESSAGES.nameLength),
  members: ids.default([]),
  leaders: ids.default([]),
  categories: ids.default([]),
});
export type CreateCrewInput = z.output<typeof createCrewBody>;

/** PATCH /crews/{id}: any of the same fields; a list sent replaces the crew's list. */
export const updateCrewBody = z
  .object({
    name: createCrewBody.shape.name,
    members: ids,
    leaders: ids,
    categories: ids,
  })
  .partial()
  .strict();
export type UpdateCrewInput = z.output<typeof updateCrewBody>;

const fields: ResourceField[] = [
  { name: 'name', label: 'Name', kind: 'text', capitalize: true, grid: { flex: 1, width: 180 }, sortable: true },
  { name: 'memberCount', label: 'Members', kind: 'integer', form: false, grid: { width: 110 }, sortable: true },
  { name: 'leaderNames', label: 'Leaders', kind: 'text', form: false, grid: { flex: 1 }, filters: [] },
  { name: 'leaderCount', label: 'Leader count', kind: 'integer', form: false, grid: { width: 130, hidden: true }, sortable: true },
  { name: 'memberNames', label: 'Member names', kind: 'text', form: false, grid: { flex: 2, hidden: true }, filters: [] },
  { name: 'createdAt', label: 'Created', kind: 'datetime', form: false, grid: { width: 180, hidden: true }, sortable: true },
];

/**
 * Crews act in the active company (GET and POST /crews carry no company id); managing and seeing them
 * both need crews:manage, the only crew permission the spec names.
 */
export const crews = defineResource({
  name: 'crews',
  entityType: 'crew',
  navId: 'crews',
  label: 'Crews',
  singular: 'Crew',
  titleField: 'name',
  fields,
  create: createCrewBody,
  update: updateCrewBody,
  paths: { list: '/crews', create: '/crews', item: '/crews/:id' },
  permissions: { view: 'crews:manage', manage: 'crews:manage' },
  messages: { created: 'Crew Added', saved: 'Crew Saved', deleted: 'Crew deleted' },
  defaultSort: { field: 'name', order: 'asc' },
});

/** A person offered in the crew pickers: an accepted or invited membership of the company. */
export interface CrewPersonOption {
  id: number;
  name: string;
  email: string;
  status: 'accepted' | 'invited';
  roleName: string;
}

export interface CrewCategoryOption {
  id: number;
  name: string;
  color: string | null;
  parentId: number | null;
}

/** GET /crews/{id}: the crew with its people and categories, named. */
export interface CrewDetail {
  id: number;
  companyId: number;
  name: string;
  members: CrewPersonOption[];
  leaders: CrewPersonOption[];
  categories: CrewCategoryOption[];
  createdAt: string;
  updatedAt: string;
}
