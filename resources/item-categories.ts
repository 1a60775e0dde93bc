import { z } from 'zod';
import { text } from './text.js';
import { id } from './id.js';
import { hexColor } from './color.js';
import { defineResource, type ResourceField } from './engine.js';

export const CATEGORY_MESSAGES = {
  name: 'Name is required',
  unknownParent: 'No such category in this company',
  cycle: 'A category cannot be placed under itself or one of its subcategories',
} as const;

/** Item categories form a tree (spec 01 §3): parentId names the category above, null at the top. */
export const itemCategoryBody = z.object({
  name: text({ error: CATEGORY_MESSAGES.name }).trim().min(1, CATEGORY_MESSAGES.name).max(120, 'Name must be at most 120 characters'),
  description: text().trim().max(2000).nullable().optional().transform((v) => v || null),
  color: hexColor,
  parentId: id('Choose a category')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});

/** PATCH: only what is sent changes (a missing parentId keeps the category where it is). */
export const updateItemCategoryBody = z
  .object({
    name: itemCategoryBody.shape.name,
    description: text().trim().max(2000).nullable().transform((v) => v || null),
    color: itemCategoryBody.shape.color,
    parentId: id('Choose a category').nullable(),
  })
  .partial();

export interface ItemCategory {
  id: number;
  companyId: number;
  name: string;
  description: string | null;
  color: string | null;
  parentId: number | null;
  createdAt: string;
  updatedAt: string;
}

const fields: ResourceField[] = [
  { name: 'name', label: 'Name', kind: 'text', capitalize: true, grid: { flex: 1 }, sortable: true },
  { name: 'description', label: 'Description', kind: 'multiline', grid: { flex: 2 }, sortable: true, nullable: true },
  { name: 'color', label: 'Colour', kind: 'color', grid: { width: 130 }, nullable: true },
  {
    name: 'parentId',
    label: 'Parent category',
    kind: 'reference',
    reference: { resource: 'item-categories', labelField: 'name' },
    grid: false,
    nullable: true,
  },
  { name: 'createdAt', label: 'Created', kind: 'datetime', form: false, grid: { width: 180, hidden: true }, sortable: true },
];

export const itemCategories = defineResource({
  name: 'item-categories',
  route: 'catalog/categories',
  entityType: 'item_category',
  navId: 'item-categories',
  label: 'Item Categories',
  singular: 'Category',
  titleField: 'name',
  fields,
  create: itemCategoryBody,
  update: updateItemCategoryBody,
  paths: { list: '/companies/:companyId/item-categories', create: '/companies/:companyId/item-categories', item: '/item-categories/:id' },
  permissions: { view: 'item-categories:view', manage: 'item-categories:manage' },
  messages: { created: 'Category Created', saved: 'Category Saved', deleted: 'Category Deleted' },
  defaultSort: { field: 'name', order: 'asc' },
});
