import { createCrew } from './operations/create-crew.js';
import { deleteCrew } from './operations/delete-crew.js';
import { getCrew } from './operations/get-crew.js';
import { listCategoryOptions } from './operations/list-category-options.js';
import { listCrews } from './operations/list-crews.js';
import { listPersonOptions } from './operations/list-person-options.js';
import { updateCrew } from './operations/update-crew.js';

export const crewRoutes = [listCrews, createCrew, listPersonOptions, listCategoryOptions, getCrew, updateCrew, deleteCrew];
