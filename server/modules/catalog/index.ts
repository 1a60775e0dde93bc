import { damageTypes, footprintTypes, taskTypes } from '../../../resources/catalog-types.js';
import { crudRoutes } from '../../engine/crud-routes.js';

export const catalogRoutes = [
  ...crudRoutes(taskTypes, { table: 'task_types' }),
  ...crudRoutes(damageTypes, { table: 'damage_types' }),
  ...crudRoutes(footprintTypes, { table: 'footprint_types' }),
];
