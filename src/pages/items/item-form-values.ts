import type { Item } from '../../../resources/items';

/** The dialog's fields: everything an item has that a person types or picks (the icon is uploaded apart). */
export const ITEM_FORM_FIELDS = [
  'name',
  'code',
  'unit',
  'categoryId',
  'productionIsAllowed',
  'productionItemType',
  'lineColor',
  'photosNumber',
  'marketId',
] as const;

export type ItemFormValues = Record<(typeof ITEM_FORM_FIELDS)[number], unknown>;

export const EMPTY_ITEM: ItemFormValues = {
  name: '',
  code: null,
  unit: null,
  categoryId: null,
  productionIsAllowed: false,
  productionItemType: null,
  lineColor: null,
  photosNumber: 0,
  marketId: null,
};

export const itemFormValues = (item: Item): ItemFormValues =>
  Object.fromEntries(ITEM_FORM_FIELDS.map((f) => [f, item[f] ?? EMPTY_ITEM[f]])) as ItemFormValues;
