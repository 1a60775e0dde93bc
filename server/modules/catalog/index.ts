import { damageTypes, footprintTypes, taskTypes } from '../../../resources/catalog-types.js';
import { crudRoutes } from '../../engine/crud-routes.js';

export const catalogRoutes = [
  ...crudRoutes(taskTypes, { table: 'task_types', entityType: 'task_type' }),
  ...crudRoutes(damageTypes, { table: 'damage_types', entityType: 'damage_type' }),
  ...crudRoutes(footprintTypes, { table: 'footprint_types', entityType: 'footprint_type' }),
];
