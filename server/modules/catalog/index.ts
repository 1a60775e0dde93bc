import { damageTypes, footprintTypes, taskTypes } from '../../../resources/catalog-types.js';
import { itemCategories } from '../../../resources/item-categories.js';
import { safetyAuthorities } from '../../../resources/safety-authorities.js';
import { crudRoutes } from '../../engine/crud-routes.js';
import { checkCategoryParent, checkCategoryUnused } from './item-category-rules.js';

export const catalogRoutes = [
  ...crudRoutes(taskTypes, { table: 'task_types' }),
  ...crudRoutes(damageTypes, { table: 'damage_types' }),
  ...crudRoutes(footprintTypes, { table: 'footprint_types' }),
  ...crudRoutes(itemCategories, { table: 'item_categories', beforeWrite: checkCategoryParent, beforeDelete: checkCategoryUnused }),
  ...crudRoutes(safetyAuthorities, { table: 'safety_authorities' }),
];
