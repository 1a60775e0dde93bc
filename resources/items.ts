import { z } from 'zod';
import { text } from './text.js';
import { id } from './id.js';
import { hexColor } from './color.js';
import { defineResource, type ResourceField } from './engine.js';

/**
 * How production of an item is recorded: a plain quantity, a length drawn as a line (in the item's
 * line colour), an area drawn as a shape, or a count of placed icons.
 */
export const PRODUCTION_ITEM_TYPES = [
  { value: 'quantity', label: 'Quantity' },
  { value: 'linear', label: 'Linear (line)' },
  { value: 'area', label: 'Area (shape)' },
  { value: 'count', label: 'Count (icons)' },
] as const;
export type ProductionItemType = (typeof PRODUCTION_ITEM_TYPES)[number]['value'];

export const ITEM_MESSAGES = {
  name: 'Name is required',
  photos: 'Photos must be a whole number from 0 to 100',
  unknownCategory: 'No such category in this company',
  unknownMarket: 'No such market for this item',
  partnershipEnded: 'This partnership has ended: its items stay, but no new ones can be added',
  partnershipNotAccepted: 'Accept the request first: items can be added once you work together',
} as const;

const optionalText = (max: number) => text().trim().max(max, `At most ${max} characters`).nullable().optional().transform((v) => v || null);

/** Form inputs hand numbers over as text; an empty box means 0 photos. */
const photosNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: ITEM_MESSAGES.photos }).int(ITEM_MESSAGES.photos).min(0, ITEM_MESSAGES.photos).max(100, ITEM_MESSAGES.photos),
);

const itemFields = {
  name: text({ error: ITEM_MESSAGES.name }).trim().min(1, ITEM_MESSAGES.name).max(160, 'Name must be at most 160 characters'),
  code: optionalText(60),
  unit: optionalText(40),
  categoryId: id('Choose a category').nullable().optional().transform((v) => v ?? null),
  productionIsAllowed: z.boolean({ error: 'Must be true or false' }).default(false),
  productionItemType: z
    .enum(PRODUCTION_ITEM_TYPES.map((t) => t.value) as [ProductionItemType, ...ProductionItemType[]], { error: 'Choose a production type' })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  lineColor: hexColor,
  photosNumber,
  marketId: id('Choose a market').nullable().optional().transform((v) => v ?? null),
};

/** POST /items and POST /partnerships/{id}/items; clientId follows from the partnership, iconId from an upload. */
export const createItemBody = z.object(itemFields);
export type CreateItemInput = z.output<typeof createItemBody>;

/** PATCH /items/{id}: only what is sent changes; iconId may only be cleared (null), a new icon is uploaded. */
export const updateItemBody = z
  .object({
    ...itemFields,
    productionIsAllowed: z.boolean({ error: 'Must be true or false' }),
    photosNumber,
    iconId: z.null({ error: 'Upload an icon to set it; send null to remove it' }),
  })
  .partial();
export type UpdateItemInput = z.output<typeof updateItemBody>;

export interface Item {
  id: number;
  companyId: number;
  name: string;
  code: string | null;
  unit: string | null;
  iconId: number | null;
  iconUrl: string | null;
  categoryId: number | null;
  categoryName: string | null;
  productionIsAllowed: boolean;
  productionItemType: ProductionItemType | null;
  lineColor: string | null;
  photosNumber: number;
  marketId: number | null;
  marketName: string | null;
  partnershipId: number | null;
  clientId: number | null;
  clientName: string | null;
  createdAt: string;
  updatedAt: string;
}

const fields: ResourceField[] = [
  { name: 'iconUrl', label: 'Icon', kind: 'image', form: false, grid: { width: 70 } },
  { name: 'iconId', label: 'Icon id', kind: 'integer', form: false, grid: false, show: false, filters: [], nullable: true },
  { name: 'name', label: 'Name', kind: 'text', capitalize: true, grid: { flex: 1, width: 180 }, sortable: true },
  { name: 'code', label: 'Code', kind: 'text', grid: { width: 120 }, sortable: true, nullable: true },
  { name: 'unit', label: 'Unit', kind: 'text', grid: { width: 100 }, sortable: true, nullable: true },
  {
    name: 'categoryId',
    label: 'Category',
    kind: 'reference',
    reference: { resource: 'item-categories', labelField: 'name', display: 'categoryName' },
    grid: false,
    nullable: true,
  },
  { name: 'categoryName', label: 'Category', kind: 'text', form: false, show: false, grid: { flex: 1, width: 150 }, nullable: true },
  { name: 'productionIsAllowed', label: 'Production allowed', kind: 'boolean', grid: { width: 150 } },
  { name: 'productionItemType', label: 'Production type', kind: 'select', options: PRODUCTION_ITEM_TYPES, grid: { width: 150 }, nullable: true },
  { name: 'lineColor', label: 'Line colour', kind: 'color', grid: { width: 130, hidden: true }, nullable: true },
  { name: 'photosNumber', label: 'Photos required', kind: 'integer', grid: { width: 140, hidden: true } },
  { name: 'marketId', label: 'Market', kind: 'reference', form: false, grid: false, show: false, nullable: true },
  { name: 'marketName', label: 'Market', kind: 'text', form: false, grid: { width: 140, hidden: true }, nullable: true },
  { name: 'partnershipId', label: 'Partnership', kind: 'reference', form: false, grid: false, show: false, nullable: true },
  { name: 'clientId', label: 'Client', kind: 'reference', form: false, grid: false, show: false, nullable: true },
  { name: 'clientName', label: 'Client', kind: 'text', form: false, grid: { width: 160 }, nullable: true },
  { name: 'createdAt', label: 'Created', kind: 'datetime', form: false, grid: { width: 180, hidden: true }, sortable: true },
];

/**
 * Items act in the active company (GET /items carries no company id). Reading needs items:view
 * (items:manage includes it); changing needs items:manage, which only owners and project managers
 * hold by default.
 */
export const items = defineResource({
  name: 'items',
  entityType: 'item',
  navId: 'items',
  label: 'Items',
  singular: 'Item',
  titleField: 'name',
  fields,
  create: createItemBody,
  update: updateItemBody,
  paths: { list: '/items', create: '/items', item: '/items/:id' },
  permissions: { view: 'items:view', manage: 'items:manage' },
  // The spec names 'Item Created' and 'Item Deleted' only; updates read 'Item Saved' like the other catalogs.
  messages: { created: 'Item Created', saved: 'Item Saved', deleted: 'Item Deleted' },
  defaultSort: { field: 'name', order: 'asc' },
});
